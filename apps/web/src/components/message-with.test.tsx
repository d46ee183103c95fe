import { settingsScreenMessages } from '@portal/domain';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageWith } from './message-with';

describe('a message drawn around its data', () => {
  it('reads as the whole sentence, with the data drawn where the message places it', () => {
    const { container } = render(
      <p>
        <MessageWith message={settingsScreenMessages.currentEmail}>
          <b>jane@example.com</b>
        </MessageWith>
      </p>,
    );
    expect(container.textContent).toBe('Your current email address is jane@example.com.');
    expect(container.querySelector('b')?.textContent).toBe('jane@example.com');
  });
});
