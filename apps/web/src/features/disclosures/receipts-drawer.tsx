import { Drawer, Stack, Text, Title } from '@mantine/core';
import { type DisclosureDeliveryRow, messages } from '@portal/domain';
import { receiptsOf } from './delivery-cells';
import classes from './disclosures.module.css';

const m = messages.disclosures;

interface ReceiptsDrawerProps {
  /** The row whose receipts are shown (kept while the drawer closes). */
  row: DisclosureDeliveryRow | null;
  opened: boolean;
  /** The client's name as the report's rows give it. */
  name: string;
  onClose: () => void;
}

/**
 * Receipt details: per document the client received, the day, the version and the session that
 * recorded it. The report's row keeps to what a CCO scans; the evidence of who opened a document is
 * read here, one client at a time.
 */
export function ReceiptsDrawer({ row, opened, name, onClose }: ReceiptsDrawerProps) {
  return (
    <Drawer
      opened={opened && row !== null}
      onClose={onClose}
      position="right"
      title={m.receiptsOf(name)}
      closeButtonProps={{ 'aria-label': m.close }}
    >
      {row && (
        <Stack gap="lg">
          <Text size="sm" c="gray.8">
            {m.receiptsIntro}
          </Text>
          {receiptsOf(row).map((receipt) => (
            <section key={receipt.kind} aria-labelledby={`receipt-${receipt.kind}`}>
              <Title order={3} size="h4" id={`receipt-${receipt.kind}`} mb="xs">
                {receipt.title}
              </Title>
              <dl className={classes.facts}>
                {receipt.facts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <Text size="xs" c="gray.8">
            {m.notRecordedHint}
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}
