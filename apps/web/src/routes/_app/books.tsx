import { createFileRoute } from '@tanstack/react-router';
import { BooksPage } from '../../features/books/books-page';

export const Route = createFileRoute('/_app/books')({
  component: BooksPage,
});
