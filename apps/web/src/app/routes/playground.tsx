import { Anchor, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { OrganizationChangeSpinner } from '../../features/organizations/components/organization-change-spinner.tsx';
import { startOrganizationChangeSpinner } from '../../features/organizations/hooks/organization-change-spinner.ts';
import { allPaths, toMobileHref } from '../../lib/paths.ts';

/**
 * Development only (spec §2: exists only when development routes are enabled, `import.meta.env.DEV`
 * or VITE_DEV_ROUTES=1): every route of the table, desktop and mobile, and shell widgets to try out.
 * Not translated on purpose: it never reaches users.
 */
export function PlaygroundRoute() {
  const routes = allPaths().filter((path) => !path.includes(':'));
  return (
    <Container size="md" py="xl">
      <OrganizationChangeSpinner />
      <Stack gap="lg">
        <Title order={1}>Playground</Title>
        <Group>
          <Button onClick={startOrganizationChangeSpinner}>Organization change spinner</Button>
        </Group>
        <Text c="dimmed">Every route of the paths table.</Text>
        <List spacing={4}>
          {routes.map((path) => (
            <List.Item key={path}>
              <Anchor component={Link} to={path}>
                {path}
              </Anchor>{' '}
              ·{' '}
              <Anchor component={Link} to={toMobileHref(path)}>
                mobile
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Container>
  );
}
