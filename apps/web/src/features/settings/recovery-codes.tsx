import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { messages } from '@portal/domain';

const m = messages.twoFactor;

/** Recovery codes, shown once: the person confirms they saved them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {m.recoveryCodesTitle}
      </Title>
      <Alert color="yellow" variant="light">
        {m.recoveryCodesIntro}
      </Alert>
      <List
        aria-label={m.recoveryCodesTitle}
        listStyleType="none"
        ff="monospace"
        fz="md"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))', gap: '0.25rem 1rem' }}
      >
        {codes.map((code) => (
          <List.Item key={code}>
            <Text ff="monospace" component="span">
              {code}
            </Text>
          </List.Item>
        ))}
      </List>
      <div>
        <Button onClick={onDone}>{m.recoveryCodesDone}</Button>
      </div>
    </Stack>
  );
}
