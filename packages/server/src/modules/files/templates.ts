import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';

/**
 * The content of a new empty file (POST .../files/new_empty): real, minimal Office Open XML
 * packages that Word, Excel and PowerPoint (and LibreOffice, WPS) open, or an empty text file.
 * The parts carry a fixed time, so every empty document of a kind has the same bytes and is
 * stored once.
 */
export const NEW_EMPTY_TYPES = ['docx', 'xlsx', 'pptx', 'txt'] as const;
export type NewEmptyType = (typeof NEW_EMPTY_TYPES)[number];

export function isNewEmptyType(ext: string): ext is NewEmptyType {
  return (NEW_EMPTY_TYPES as readonly string[]).includes(ext);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CT_MAIN = 'application/vnd.openxmlformats-officedocument';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

function contentTypes(overrides: Record<string, string>): string {
  const parts = Object.entries(overrides)
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join('');
  return `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${parts}</Types>`;
}

function rels(list: [id: string, type: string, target: string][]): string {
  const items = list
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`)
    .join('');
  return `${XML}<Relationships xmlns="${PKG_RELS}">${items}</Relationships>`;
}

const DOCX: Record<string, string> = {
  '[Content_Types].xml': contentTypes({
    '/word/document.xml': `${CT_MAIN}.wordprocessingml.document.main+xml`,
  }),
  '_rels/.rels': rels([['rId1', 'officeDocument', 'word/document.xml']]),
  'word/document.xml': `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/><w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr></w:body></w:document>`,
};

const XLSX: Record<string, string> = {
  '[Content_Types].xml': contentTypes({
    '/xl/workbook.xml': `${CT_MAIN}.spreadsheetml.sheet.main+xml`,
    '/xl/worksheets/sheet1.xml': `${CT_MAIN}.spreadsheetml.worksheet+xml`,
    '/xl/styles.xml': `${CT_MAIN}.spreadsheetml.styles+xml`,
  }),
  '_rels/.rels': rels([['rId1', 'officeDocument', 'xl/workbook.xml']]),
  'xl/workbook.xml': `${XML}<workbook xmlns="${S}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': rels([
    ['rId1', 'worksheet', 'worksheets/sheet1.xml'],
    ['rId2', 'styles', 'styles.xml'],
  ]),
  'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="${S}"><sheetData/></worksheet>`,
  'xl/styles.xml': `${XML}<styleSheet xmlns="${S}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

const EMPTY_TREE =
  '<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/></p:spTree></p:cSld>';
const NS = `xmlns:a="${A}" xmlns:r="${REL}" xmlns:p="${P}"`;
const solid = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
const THEME = `${XML}<a:theme xmlns:a="${A}" name="Office Theme"><a:themeElements><a:clrScheme name="Office"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="44546A"/></a:dk2><a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr val="4472C4"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3><a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5><a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Office"><a:fillStyleLst>${solid}${solid}${solid}</a:fillStyleLst><a:lnStyleLst><a:ln w="6350">${solid}</a:ln><a:ln w="12700">${solid}</a:ln><a:ln w="19050">${solid}</a:ln></a:lnStyleLst><a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst><a:bgFillStyleLst>${solid}${solid}${solid}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;
const CLR_MAP =
  '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>';

const PPTX: Record<string, string> = {
  '[Content_Types].xml': contentTypes({
    '/ppt/presentation.xml': `${CT_MAIN}.presentationml.presentation.main+xml`,
    '/ppt/slideMasters/slideMaster1.xml': `${CT_MAIN}.presentationml.slideMaster+xml`,
    '/ppt/slideLayouts/slideLayout1.xml': `${CT_MAIN}.presentationml.slideLayout+xml`,
    '/ppt/slides/slide1.xml': `${CT_MAIN}.presentationml.slide+xml`,
    '/ppt/theme/theme1.xml': `${CT_MAIN}.theme+xml`,
  }),
  '_rels/.rels': rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]),
  'ppt/presentation.xml': `${XML}<p:presentation ${NS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
  'ppt/_rels/presentation.xml.rels': rels([
    ['rId1', 'slideMaster', 'slideMasters/slideMaster1.xml'],
    ['rId2', 'slide', 'slides/slide1.xml'],
    ['rId3', 'theme', 'theme/theme1.xml'],
  ]),
  'ppt/slideMasters/slideMaster1.xml': `${XML}<p:sldMaster ${NS}>${EMPTY_TREE}${CLR_MAP}<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`,
  'ppt/slideMasters/_rels/slideMaster1.xml.rels': rels([
    ['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'],
    ['rId2', 'theme', '../theme/theme1.xml'],
  ]),
  'ppt/slideLayouts/slideLayout1.xml': `${XML}<p:sldLayout ${NS} type="blank" preserve="1">${EMPTY_TREE.replace('<p:cSld>', '<p:cSld name="Blank">')}<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`,
  'ppt/slideLayouts/_rels/slideLayout1.xml.rels': rels([
    ['rId1', 'slideMaster', '../slideMasters/slideMaster1.xml'],
  ]),
  'ppt/slides/slide1.xml': `${XML}<p:sld ${NS}>${EMPTY_TREE}<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`,
  'ppt/slides/_rels/slide1.xml.rels': rels([['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml']]),
  'ppt/theme/theme1.xml': THEME,
};

const PACKAGES: Record<Exclude<NewEmptyType, 'txt'>, Record<string, string>> = {
  docx: DOCX,
  xlsx: XLSX,
  pptx: PPTX,
};
const FIXED_TIME = new Date(Date.UTC(2020, 0, 1));

async function zipParts(parts: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(parts)) {
    zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime: FIXED_TIME });
  }
  zip.end();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  return buffer(out);
}

const cache = new Map<NewEmptyType, Promise<Buffer>>();

/** The bytes of an empty document of the type. */
export function emptyDocument(type: NewEmptyType): Promise<Buffer> {
  let bytes = cache.get(type);
  if (!bytes) {
    bytes = type === 'txt' ? Promise.resolve(Buffer.alloc(0)) : zipParts(PACKAGES[type]);
    cache.set(type, bytes);
  }
  return bytes;
}
