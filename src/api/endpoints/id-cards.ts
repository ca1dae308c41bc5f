/** The printed cards' endpoints, served by server/routes/id-cards.ts. */
import { get } from '@/api/endpoints/define';
import { idCardsQuery } from '@/api/schemas/id-cards';

export const idCardsEndpoints = {
  idCards: get('/student/id_cards', 'student.id-cards', { query: idCardsQuery }),
};
