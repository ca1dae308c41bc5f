/** A section's student ID cards as a PDF download (authenticated: fetched and handed to the browser). */
import type { IdCardsQuery } from '@/api/schemas/id-cards';
import { downloadFile } from '@/api/upload';
import { urlOf } from '@/api/endpoints/define';
import { idCardsEndpoints } from '@/api/endpoints/id-cards';

export function downloadIdCards(q: IdCardsQuery): Promise<void> {
  const params = new URLSearchParams({ section_id: String(q.section_id) });
  if (q.lang) params.set('lang', q.lang);
  return downloadFile(`${urlOf(idCardsEndpoints.idCards)}?${params.toString()}`, 'id-cards.pdf');
}
