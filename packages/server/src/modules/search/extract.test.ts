import { describe, expect, test } from 'vitest';
import { docxOf, pdfOf, pptxOf, xlsxOf } from '../../../test/documents.ts';
import { zipOf } from '../../../test/samples.ts';
import {
  bufferBytes,
  CONTENT_TEXT_MAX,
  decodeText,
  extractKindOf,
  extractText,
  htmlText,
} from './extract.ts';

describe('which types are read', () => {
  test.each([
    ['txt', 'text'],
    ['md', 'text'],
    ['csv', 'text'],
    ['ts', 'text'],
    ['py', 'text'],
    ['html', 'html'],
    ['htm', 'html'],
    ['pdf', 'pdf'],
    ['docx', 'docx'],
    ['xlsx', 'xlsx'],
    ['pptx', 'pptx'],
    ['png', undefined],
    ['zip', undefined],
    ['doc', undefined],
  ])('%s is read as %s', (ext, kind) => {
    expect(extractKindOf(ext)).toBe(kind);
  });
});

describe('text of each kind', () => {
  test('plain text in UTF-8, with a BOM, in UTF-16 and in GB18030', async () => {
    expect(decodeText(Buffer.from('季度报告 plan', 'utf8'))).toBe('季度报告 plan');
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('bom')]))).toBe('bom');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('wide', 'utf16le')]))).toBe(
      'wide',
    );
    // 中文 in GB18030 (GBK): not valid UTF-8.
    expect(decodeText(Buffer.from([0xd6, 0xd0, 0xce, 0xc4]))).toBe('中文');
    // Binary content has no text.
    expect(decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]))).toBe('');
  });

  test('HTML without its scripts, styles and tags, entities decoded', () => {
    const text = htmlText(
      '<html><head><title>Plan</title><style>p{color:red}</style><script>var secret="x"</script></head>' +
        '<body><!-- hidden --><p>Fish &amp; chips &#x4E2D;&#25991;</p></body></html>',
    );
    expect(text).toContain('Fish & chips 中文');
    expect(text).toContain('Plan');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('color');
    expect(text).not.toContain('hidden');
  });

  test('PDF text through pdf.js', async () => {
    const { text } = await extractText(
      bufferBytes(pdfOf(['Quarterly revenue forecast', 'Second line'])),
      'pdf',
    );
    expect(text).toContain('Quarterly revenue forecast');
    expect(text).toContain('Second line');
  });

  test('pdf.js runs on a thread of its own: its polyfills stay out of this one', async () => {
    // Its legacy build replaces these with core-js's, which made every answer of the server slower.
    const natives = [JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString];
    await extractText(bufferBytes(pdfOf(['Polyfills stay away'])), 'pdf');
    expect([JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString]).toEqual(natives);
    expect(String(JSON.stringify)).toContain('[native code]');
    expect('pdfjsLib' in globalThis).toBe(false);
  });

  test('docx paragraphs and headers', async () => {
    const { text } = await extractText(
      bufferBytes(await docxOf(['第一段 合同条款', 'Fish & chips'], 'Header text')),
      'docx',
    );
    expect(text).toContain('第一段 合同条款\nFish & chips');
    expect(text).toContain('Header text');
  });

  test('xlsx sheet names, shared strings and numbers', async () => {
    const { text } = await extractText(
      bufferBytes(await xlsxOf(['Travel expenses', '差旅费'], 4711)),
      'xlsx',
    );
    expect(text).toContain('Budget');
    expect(text).toContain('Travel expenses');
    expect(text).toContain('差旅费');
    expect(text).toContain('4711');
  });

  test('pptx slides in order', async () => {
    const { text } = await extractText(
      bufferBytes(await pptxOf(['First slide', 'Second slide', 'Third'])),
      'pptx',
    );
    expect(text.indexOf('First slide')).toBeLessThan(text.indexOf('Second slide'));
    expect(text).toContain('Third');
  });

  test('text is capped, never in the middle of a character', async () => {
    const big = Buffer.from('😀'.repeat(CONTENT_TEXT_MAX));
    const { text, truncated } = await extractText(bufferBytes(big), 'text');
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(CONTENT_TEXT_MAX);
    expect(text.endsWith('😀')).toBe(true);
  });

  test('a document that is not what its name says throws', async () => {
    await expect(extractText(bufferBytes(Buffer.from('not a zip')), 'docx')).rejects.toThrow();
    await expect(extractText(bufferBytes(Buffer.from('not a pdf')), 'pdf')).rejects.toThrow();
    // A zip without the document part has no text, and that is no error.
    expect((await extractText(bufferBytes(await zipOf({ 'a.txt': 'x' })), 'docx')).text).toBe('');
  });
});

describe('hostile documents take time and memory in proportion to their size, no more', () => {
  // Each of these held the server for seconds to minutes, or ran it out of memory, before.
  const quick = async (work: () => unknown) => {
    const started = performance.now();
    await work();
    // Generous: the old code took from seconds to minutes on the same inputs.
    expect(performance.now() - started).toBeLessThan(3000);
  };

  test('a run of spaces, unclosed tags, comments and scripts', async () => {
    await quick(() => extractText(bufferBytes(Buffer.from(`${' '.repeat(1_000_000)}x`)), 'text'));
    for (const markup of ['<', '<br', '<script', '<!--', '<c ', '<si>', '<w:t '])
      await quick(() => htmlText(markup.repeat(200_000)));
    // A "<" that opens no tag is text.
    expect(htmlText('<p>x</p>a < b and more')).toContain('a < b and more');
  });

  test('an xlsx of unclosed shared strings and cells, a docx of unclosed runs', async () => {
    const xlsx = await zipOf({
      'xl/sharedStrings.xml': `<sst>${'<si>'.repeat(250_000)}`,
      'xl/worksheets/sheet1.xml': `<worksheet>${'<c '.repeat(250_000)}`,
    });
    await quick(() => extractText(bufferBytes(xlsx), 'xlsx'));
    const docx = await zipOf({ 'word/document.xml': `<w:document>${'<w:t '.repeat(250_000)}` });
    await quick(() => extractText(bufferBytes(docx), 'docx'));
  });

  test('a zip bomb: its parts are read one at a time, within one budget for the file', async () => {
    const slide = `<p:sld>${'a'.repeat(20 * 1024 * 1024)}</p:sld>`;
    const entries: Record<string, string> = {};
    for (let i = 1; i <= 8; i++) entries[`ppt/slides/slide${i}.xml`] = slide;
    const bomb = await zipOf(entries);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const { text, truncated } = await extractText(bufferBytes(bomb), 'pptx');
    expect(text).toBe('');
    expect(truncated).toBe(true);
    // 160 MB inflated in all; one part of at most 16 MB held at a time.
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  test('runs, shared strings and cells still read as before', async () => {
    const xlsx = await zipOf({
      'xl/workbook.xml': '<workbook><sheets><sheet name="Q&amp;A" sheetId="1"/></sheets></workbook>',
      'xl/sharedStrings.xml':
        '<sst><si><r><t>Rich</t></r><r><t xml:space="preserve"> text</t></r></si><si><t/></si></sst>',
      'xl/worksheets/sheet1.xml':
        '<worksheet><c r="A1" t="s"><v>0</v></c><c r="B1"><v>42</v></c><c r="C1" t="inlineStr"><is><t>inline &lt;b&gt;</t></is></c><c r="D1"/></worksheet>',
    });
    const { text } = await extractText(bufferBytes(xlsx), 'xlsx');
    expect(text).toContain('Q&A');
    expect(text).toContain('Rich text');
    expect(text).toContain('42 inline <b>');
    expect(text).not.toMatch(/^0 /m);
  });
});
