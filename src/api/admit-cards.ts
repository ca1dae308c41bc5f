/** An exam's admit cards (and its seat plan) as PDF downloads (authenticated: fetched and handed to the browser). */
import type { AdmitCardsQuery } from '@/api/schemas/admit-cards';
import type { SeatPlanQuery } from '@/api/schemas/seat-plan';
import { downloadFile } from '@/api/upload';
import { urlOf } from '@/api/endpoints/define';
import { admitCardsEndpoints } from '@/api/endpoints/admit-cards';

export function downloadAdmitCards(q: AdmitCardsQuery): Promise<void> {
  const params = new URLSearchParams({ exam_id: String(q.exam_id) });
  if (q.section_id) params.set('section_id', String(q.section_id));
  if (q.lang) params.set('lang', q.lang);
  return downloadFile(`${urlOf(admitCardsEndpoints.admitCards)}?${params.toString()}`, 'admit-cards.pdf');
}

/** The seat plan of the paper's exam day as a PDF download. */
export function downloadSeatPlan(q: SeatPlanQuery): Promise<void> {
  const params = new URLSearchParams({ exam_id: String(q.exam_id) });
  if (q.lang) params.set('lang', q.lang);
  return downloadFile(`${urlOf(admitCardsEndpoints.seatPlan)}?${params.toString()}`, 'seat-plan.pdf');
}
