/** An exam's admit cards, served by server/routes/admit-cards.ts. */
import { get } from '@/api/endpoints/define';
import { admitCardsQuery } from '@/api/schemas/admit-cards';

export const admitCardsEndpoints = {
  admitCards: get('/exam/admit_cards', 'exam.admit-cards', { query: admitCardsQuery }),
};
