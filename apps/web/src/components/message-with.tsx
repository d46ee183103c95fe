import type { ReactNode } from 'react';

// A character no message holds, standing in for the data while the message is built.
const MARK = '\u0000';

/**
 * A message that is one sentence around a piece of data, drawn with that data as `children` (bold, a
 * link): the sentence stays whole in the messages, where a translator may move the data within it,
 * and the screen still styles the data.
 */
export function MessageWith({ message, children }: { message: (value: string) => string; children: ReactNode }) {
  const [before, after = ''] = message(MARK).split(MARK);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
