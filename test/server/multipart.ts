import { randomUUID } from 'node:crypto';

/** A part of a multipart body: a text field, or a file. */
export type FormPart =
  | { field: string; value: string }
  | { field: string; filename: string; type: string; bytes: Uint8Array };

/** A multipart/form-data body written out by hand, so each byte is under the test's control. */
export function multipart(parts: FormPart[]) {
  const boundary = `----guard-console-${randomUUID()}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
    ),
    Buffer.from('value' in part ? part.value : part.bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
