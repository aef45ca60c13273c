/**
 * A vendor's portal access, on the vendor form (a manager, an owner) and on the vendor's
 * statement screen (an accountant too, who has no vendor form):
 * Invite to Portal with an e-mail address, which shows the invitation's link to copy or
 * send from one's own mail program (mailto:); who holds the vendor's portal access, each
 * with Revoke; and the invitations not yet accepted, each revocable.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Button, CopyButton, Group, Loader, Paper, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { LoadFailure } from '../../components/load-failure';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { CheckIcon, CrossIcon } from '../../components/icons';
import { inviteMailto } from './portal-invite';

const INVITE_FAILED = 'Failed to make the invitation';
const REVOKE_FAILED = 'Failed to revoke';

/** The vendor whose access is shown: its id, trade name and the e-mail address an invitation starts from. */
export interface PortalVendor {
  id: number;
  tradeName: string;
  email: string | null;
}

export function PortalAccessSection({ vendor }: { vendor: PortalVendor }) {
  const { currentRole } = useSession();
  const clock = useStoreClock();
  const utils = trpc.useUtils();
  const access = trpc.vendor.portalAccess.useQuery({ vendorId: vendor.id });
  const invite = trpc.vendor.invite.useMutation();
  const revokeInvite = trpc.vendor.inviteRevoke.useMutation();
  const revokeAccess = trpc.vendor.portalAccessRevoke.useMutation();
  const [email, setEmail] = useState(vendor.email ?? '');
  const [made, setMade] = useState<{ email: string; inviteUrl: string; expiresAt: string } | null>(null);
  const [inviteError, setInviteError] = useState<string | null>(null);

  const refresh = () => utils.vendor.portalAccess.invalidate({ vendorId: vendor.id });

  const sendInvite = async () => {
    setInviteError(null);
    try {
      const answer = await invite.mutateAsync({ vendorId: vendor.id, email });
      setMade({ email, inviteUrl: answer.inviteUrl, expiresAt: answer.expiresAt });
    } catch (error) {
      setInviteError(errorMessage(error, INVITE_FAILED));
    }
    await refresh();
  };

  const revoke = async (what: string, run: () => Promise<{ message: string }>) => {
    if (!window.confirm(what)) return;
    try {
      notifySuccess((await run()).message);
    } catch (error) {
      notifyFailure(REVOKE_FAILED, errorMessage(error, REVOKE_FAILED));
    }
    await refresh();
  };

  const data = access.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Vendor Portal" data-testid="portal-access">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Vendor Portal
        </Title>
        {access.isFetching && data ? <Loader size="xs" aria-label="Loading portal access" /> : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Invite the vendor&apos;s people to see their balance, every sale with its split, statements and payouts. The invitation works once, for 7 days.
      </Text>
      <Stack gap="md">
        <form
          aria-label="Invite to Portal"
          onSubmit={(e) => {
            e.preventDefault();
            void sendInvite();
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput label="Email" name="inviteEmail" type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.currentTarget.value)} w={280} maw="100%" />
            <Button type="submit" loading={invite.isPending}>
              Invite to Portal
            </Button>
          </Group>
        </form>
        {inviteError ? (
          <Alert color="red" variant="light" role="alert" data-testid="invite-error">
            {inviteError}
          </Alert>
        ) : null}
        {made ? (
          <Alert color="green" variant="light" role="status" title={`Invitation for ${made.email}`} data-testid="invite-made">
            <Stack gap="xs">
              <Text size="sm">Hand this link to the vendor. It works once, until {clock.date(made.expiresAt)}.</Text>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput label="Invitation link" readOnly value={made.inviteUrl} onFocus={(e) => e.currentTarget.select()} style={{ flex: 1, minWidth: 0 }} data-testid="invite-link" />
                <CopyButton value={made.inviteUrl}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy} leftSection={copied ? <CheckIcon /> : null}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Group>
                <Button
                  component="a"
                  variant="default"
                  size="xs"
                  href={inviteMailto(made.email, { storeName: currentRole?.storeName ?? '', tradeName: vendor.tradeName, inviteUrl: made.inviteUrl, expiresOn: clock.date(made.expiresAt) })}
                  data-testid="invite-mailto"
                >
                  Send by E-mail
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {access.error ? (
          <LoadFailure title="Failed to load portal access" detail={errorMessage(access.error, 'Please try again.')} testId="portal-access-error" retrying={access.isFetching} onRetry={() => void access.refetch()} />
        ) : null}
        {access.isPending ? <Loader size="sm" aria-label="Loading portal access" /> : null}
        {data ? (
          <>
            <div>
              <Text fw={600} size="sm" mb={4}>
                Who has access
              </Text>
              {data.people.length === 0 ? (
                <Text size="sm" c="dimmed" data-testid="portal-people-empty">
                  Nobody yet.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={420}>
                  <Table verticalSpacing={4} aria-label="Who has portal access" data-testid="portal-people">
                    <Table.Tbody>
                      {data.people.map((p) => (
                        <Table.Tr key={p.userId}>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            <Text size="sm" fw={500}>
                              {p.username}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {p.email}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="xs" c="dimmed">
                              Since {clock.date(p.since)}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              aria-label={`Revoke portal access of ${p.username}`}
                              onClick={() => void revoke(`Take ${p.username}'s portal access to ${vendor.tradeName} away?`, () => revokeAccess.mutateAsync({ vendorId: vendor.id, userId: p.userId }))}
                            >
                              Revoke
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </div>
            {data.invites.length > 0 ? (
              <div>
                <Text fw={600} size="sm" mb={4}>
                  Invitations not accepted yet
                </Text>
                <Table.ScrollContainer minWidth={420}>
                  <Table verticalSpacing={4} aria-label="Open portal invitations" data-testid="portal-invites">
                    <Table.Tbody>
                      {data.invites.map((i) => (
                        <Table.Tr key={i.inviteId}>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>{i.email}</Table.Td>
                          <Table.Td>
                            <Text size="xs" c="dimmed">
                              Until {clock.date(i.expiresAt)} · by {i.createdBy}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">
                            <Tooltip label="Revoke the invitation" withArrow>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Revoke the invitation for ${i.email}`}
                                onClick={() => void revoke(`Revoke the invitation for ${i.email}?`, () => revokeInvite.mutateAsync({ inviteId: i.inviteId }))}
                              >
                                <CrossIcon />
                              </ActionIcon>
                            </Tooltip>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </div>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
