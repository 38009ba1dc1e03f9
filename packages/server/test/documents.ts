import { zipOf } from './samples.ts';

/** Small documents with known text, for the content search tests. */

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A one-page PDF with lines of ASCII text in Helvetica. */
export function pdfOf(lines: string[]): Buffer {
  const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = lines
    .map((line, i) => `BT /F1 14 Tf 72 ${720 - i * 20} Td (${escapePdf(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A .docx whose body has these paragraphs (and a header line). */
export function docxOf(paragraphs: string[], header = ''): Promise<Buffer> {
  const w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const body = paragraphs
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`)
    .join('');
  return zipOf({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'word/document.xml': `<?xml version="1.0"?><w:document ${w}><w:body>${body}</w:body></w:document>`,
    ...(header
      ? { 'word/header1.xml': `<w:hdr ${w}><w:p><w:r><w:t>${escapeXml(header)}</w:t></w:r></w:p></w:hdr>` }
      : {}),
  });
}

/** A .xlsx with one sheet: shared strings and a number cell. */
export function xlsxOf(strings: string[], number: number): Promise<Buffer> {
  const sst = strings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('');
  const cells = strings.map((_, i) => `<c r="A${i + 1}" t="s"><v>${i}</v></c>`).join('');
  return zipOf({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'xl/workbook.xml':
      '<?xml version="1.0"?><workbook><sheets><sheet name="Budget" sheetId="1"/></sheets></workbook>',
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst count="${strings.length}">${sst}</sst>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet><sheetData><row r="1">${cells}<c r="B1"><v>${number}</v></c></row></sheetData></worksheet>`,
  });
}

/** A .pptx with one slide per text. */
export function pptxOf(slides: string[]): Promise<Buffer> {
  const a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
  const entries: Record<string, string> = { '[Content_Types].xml': '<?xml version="1.0"?><Types/>' };
  slides.forEach((text, i) => {
    entries[`ppt/slides/slide${i + 1}.xml`] =
      `<?xml version="1.0"?><p:sld ${a}><a:p><a:r><a:t>${escapeXml(text)}</a:t></a:r></a:p></p:sld>`;
  });
  return zipOf(entries);
}
