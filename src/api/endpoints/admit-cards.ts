/** An exam's admit cards and seat plan, served by server/routes/admit-cards.ts. */
import { get } from '@/api/endpoints/define';
import { admitCardsQuery } from '@/api/schemas/admit-cards';
import { seatPlanQuery } from '@/api/schemas/seat-plan';

export const admitCardsEndpoints = {
  admitCards: get('/exam/admit_cards', 'exam.admit-cards', { query: admitCardsQuery }),
  seatPlan: get('/exam/seat_plan', 'exam.admit-cards', { query: seatPlanQuery }),
};
