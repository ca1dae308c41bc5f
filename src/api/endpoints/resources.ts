/** The resources endpoints, served by server/routes/resources.ts. */
import { del, get, post, put } from '@/api/endpoints/define';
import {
  bookBody,
  bookListQuery,
  bookPage,
  ebookBody,
  ebookListQuery,
  ebookPage,
  linkBody,
  linkListQuery,
  linkPage,
  loanBody,
  loanListQuery,
  loanPage,
  resourceIdParams,
  writeAnswer,
} from '@/api/schemas/resources';

export const resourcesEndpoints = {
  libraryBooks: get('/library/books', 'library.books', { query: bookListQuery, response: bookPage }),
  postLibraryBooks: post('/library/books', 'library.write', { body: bookBody, response: writeAnswer }),
  putLibraryBooks: put('/library/books/:id', 'library.write', {
    body: bookBody,
    params: resourceIdParams,
    response: writeAnswer,
  }),
  deleteLibraryBooks: del('/library/books/:id', 'library.write', { params: resourceIdParams, response: writeAnswer }),
  libraryLoans: get('/library/loans', 'library.loans', { query: loanListQuery, response: loanPage }),
  postLibraryLoans: post('/library/loans', 'library.issue', { body: loanBody, response: writeAnswer }),
  libraryLoansReturn: post('/library/loans/:id/return', 'library.issue', {
    params: resourceIdParams,
    response: writeAnswer,
  }),
  ebooks: get('/ebooks', 'ebook.list', { query: ebookListQuery, response: ebookPage }),
  postEbooks: post('/ebooks', 'ebook.write', { body: ebookBody, response: writeAnswer }),
  deleteEbooks: del('/ebooks/:id', 'ebook.write', { params: resourceIdParams, response: writeAnswer }),
  putEbooks: put('/ebooks/:id', 'ebook.write', { body: ebookBody, params: resourceIdParams, response: writeAnswer }),
  ebooksFile: get('/ebooks/:id/file', 'ebook.file', { params: resourceIdParams }),
  links: get('/links', 'link.list', { query: linkListQuery, response: linkPage }),
  postLinks: post('/links', 'link.write', { body: linkBody, response: writeAnswer }),
  putLinks: put('/links/:id', 'link.write', { body: linkBody, params: resourceIdParams, response: writeAnswer }),
  deleteLinks: del('/links/:id', 'link.write', { params: resourceIdParams, response: writeAnswer }),
};
