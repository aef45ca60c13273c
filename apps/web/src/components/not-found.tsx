import { Anchor, Stack, Text } from '@mantine/core';
import { use } from 'react';
import { Link } from '@tanstack/react-router';
import { MESSAGES } from '@pos/domain';
import { documentTitle, useDocumentTitle } from '../lib/document-title';
import { InsideMain } from './main-landmark';
import { PageHeading } from './page-heading';

const HEADING = 'Page not found';

export function NotFound() {
  useDocumentTitle(documentTitle(HEADING, MESSAGES.productName));
  // Outside the shell (an unknown address) this page is the document's main content.
  const insideMain = use(InsideMain);
  return (
    <Stack component={insideMain ? 'div' : 'main'} p={insideMain ? 0 : 'xl'} gap="sm">
      <PageHeading>{HEADING}</PageHeading>
      <Text c="dimmed">There is no page at this address.</Text>
      <Anchor component={Link} to="/dashboard">
        Go to the dashboard
      </Anchor>
    </Stack>
  );
}
