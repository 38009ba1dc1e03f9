import crypto from 'node:crypto';
import zlib from 'node:zlib';
import CFB from 'cfb';
import yazl from 'yazl';

/** Small files of every kind the previews show, made by the tests themselves. */

// --- PDF with the standard security handler (revision 2, RC4 40-bit; PDF 1.7 §7.6.3) -----------

const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let k = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[k] = data[k] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

const md5 = (...parts: Buffer[]) => crypto.createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PAD]).subarray(0, 32);

/**
 * A one-page PDF encrypted with the standard security handler. With a user password it does not
 * open without that password (passwdEncrypted); with only an owner password it opens for anyone.
 */
export function encryptedPdf(userPassword: string, ownerPassword: string): Buffer {
  const permissions = -44;
  const id = crypto.randomBytes(16);
  const o = rc4(md5(padded(ownerPassword || userPassword)).subarray(0, 5), padded(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(userPassword), o, p, id).subarray(0, 5);
  const u = rc4(key, PAD);
  const objectKey = (num: number) =>
    md5(key, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey(4), Buffer.from('BT /F1 24 Tf 72 720 Td (Secret plan) Tj ET', 'latin1'));
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    Buffer.from(
      `<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${permissions} >>`,
    ),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const hexId = id.toString('hex');
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${hexId}> <${hexId}>] >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

// --- Pictures ----------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header promises width x height pixels
 * (one deflated run of zero rows, which a decoder would have to inflate to gigabytes).
 */
export function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const rows = zlib.deflateSync(Buffer.alloc(row.length * Math.min(height, 64)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An SVG that would run a script if a browser ever rendered it as a page of ours. */
export const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" onload="alert(1)">' +
    '<script>document.title="owned"</script><rect width="120" height="80" fill="#3370ff"/></svg>',
);

// --- Archives and office documents -------------------------------------------------------------

/** A zip with the given entries (a name ending in / is a folder). */
export async function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    if (name.endsWith('/'))
      zip.addEmptyDirectory(name.slice(0, -1), { mtime: new Date('2026-01-02T03:04:05Z') });
    else zip.addBuffer(Buffer.from(content), name, { mtime: new Date('2026-01-02T03:04:05Z') });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A minimal OpenDocument text: a zip with the mimetype first and stored, a manifest and one
 * paragraph. LibreOffice opens it; with `encrypted` the manifest says its content is encrypted.
 */
export async function odtOf(text: string, opts: { encrypted?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/vnd.oasis.opendocument.text'), 'mimetype', { compress: false });
  const encryption = opts.encrypted
    ? '<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AAAA"><manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="AAAA"/></manifest:encryption-data>'
    : '';
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>' +
        `<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">${encryption}</manifest:file-entry>` +
        '</manifest:manifest>',
    ),
    'META-INF/manifest.xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">' +
        `<office:body><office:text><text:p>${text}</text:p></office:text></office:body></office:document-content>`,
    ),
    'content.xml',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The first bytes of an OLE compound file: what an encrypted .docx really is. */
export const ENCRYPTED_DOCX = Buffer.concat([
  Buffer.from('D0CF11E0A1B11AE1', 'hex'),
  Buffer.alloc(504),
  Buffer.from('E\0n\0c\0r\0y\0p\0t\0e\0d\0P\0a\0c\0k\0a\0g\0e\0', 'latin1'),
]);

/**
 * A legacy binary Office document (an OLE compound file) with the one stream that tells whether it
 * is encrypted: Word's FIB flags (fEncrypted), a workbook's FILEPASS record, or PowerPoint's
 * EncryptedSummary stream. Enough for the inspection; not a document Office would open.
 */
export function legacyOfficeOf(kind: 'doc' | 'xls' | 'ppt', encrypted: boolean): Buffer {
  const container = CFB.utils.cfb_new();
  if (kind === 'doc') {
    const fib = Buffer.alloc(0x200);
    fib.writeUInt16LE(0xa5ec, 0); // wIdent
    fib.writeUInt16LE(encrypted ? 0x0100 : 0, 0x0a);
    CFB.utils.cfb_add(container, 'WordDocument', fib);
  } else if (kind === 'xls') {
    const record = (type: number, body: Buffer) => {
      const head = Buffer.alloc(4);
      head.writeUInt16LE(type, 0);
      head.writeUInt16LE(body.length, 2);
      return Buffer.concat([head, body]);
    };
    const records = [record(0x0809, Buffer.alloc(16))];
    if (encrypted) records.push(record(0x002f, Buffer.alloc(54)));
    records.push(record(0x000a, Buffer.alloc(0)));
    CFB.utils.cfb_add(container, 'Workbook', Buffer.concat([...records, Buffer.alloc(4096)]));
  } else {
    CFB.utils.cfb_add(container, 'PowerPoint Document', Buffer.alloc(4096));
    if (encrypted) CFB.utils.cfb_add(container, 'EncryptedSummary', Buffer.alloc(4096));
  }
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}
