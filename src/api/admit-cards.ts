/** An exam's admit cards as a PDF download (authenticated: fetched and handed to the browser). */
import type { AdmitCardsQuery } from '@/api/schemas/admit-cards';
import { downloadFile } from '@/api/upload';
import { urlOf } from '@/api/endpoints/define';
import { admitCardsEndpoints } from '@/api/endpoints/admit-cards';

export function downloadAdmitCards(q: AdmitCardsQuery): Promise<void> {
  const params = new URLSearchParams({ exam_id: String(q.exam_id) });
  if (q.section_id) params.set('section_id', String(q.section_id));
  if (q.lang) params.set('lang', q.lang);
  return downloadFile(`${urlOf(admitCardsEndpoints.admitCards)}?${params.toString()}`, 'admit-cards.pdf');
}
