import { Container, Text } from '@mantine/core';
import { messages } from '@portal/domain';
import classes from './footer.module.css';

export function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" px={{ base: 'sm', sm: 'md' }}>
        <Text size="sm" c="gray.8" ta="center">
          {messages.footer.disclaimer}
        </Text>
      </Container>
    </footer>
  );
}
