import type { AddressInfo } from 'node:net';
import { type EditorDocument, emptyDocument, reduce } from '@funnelwork/blocks';
import { SMTPServer } from 'smtp-server';

function applied(document: EditorDocument, action: Parameters<typeof reduce>[1]): EditorDocument {
  const result = reduce(document, action);
  if (!result.ok) throw new Error(result.error.message);
  return result.document;
}

/** An e-mail document with one section, one row and a paragraph per text given (merge tags allowed). */
export function emailWithParagraphs(...texts: string[]): EditorDocument {
  let document = applied(emptyDocument('email'), { type: 'addSection' });
  const sectionId = document.content[0]?.id as number;
  document = applied(document, { type: 'addRow', sectionId });
  const rowId = Number(Object.keys(document.rows)[0]);
  for (const [index, text] of texts.entries()) {
    const before = new Set(Object.keys(document.children));
    document = applied(document, {
      type: 'addBlock',
      blockType: 'paragraph',
      slot: { kind: 'column', rowId, column: 0 },
      index,
    });
    const id = Object.keys(document.children).find((key) => !before.has(key)) as string;
    const block = document.children[Number(id)];
    if (block?.type !== 'paragraph') throw new Error('fixture');
    block.content = text;
  }
  return document;
}

/** The document with a section padding mjml's strict validation refuses ("-5px …"). */
export function emailMjmlRefuses(): EditorDocument {
  const document = emailWithParagraphs('Refused');
  const section = document.content[0];
  if (!section) throw new Error('fixture');
  section.attributes.advanced.padding.top = -5;
  return document;
}

export type SmtpPeer = {
  url: string;
  /** Every message accepted, with its envelope recipients and its raw MIME text. */
  received: { to: string[]; raw: string }[];
  close(): Promise<void>;
};

/** A real SMTP server on a free local port that accepts every message (for SMTP_URL in tests). */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: SmtpPeer['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.toArray().then((chunks: Buffer[]) => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      }, callback);
    },
  });
  // A client killed mid-session resets its connection; that is the client's business, not the test's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
