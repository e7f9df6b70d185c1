/**
 * Word (DOCX) and Excel (XLSX) files built from their XML parts: the smallest set of parts Word,
 * WPS and Excel open without repair, with Chinese text as UTF-8.
 */
import type { Block } from './blocks';
import { zip } from './zip';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const run = (text: string, props = '') =>
  `<w:r><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:eastAsia="SimSun"/>${props}</w:rPr><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
const paragraph = (text: string, props = '', runProps = '') =>
  `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${run(text, runProps)}</w:p>`;

const cell = (text: string, header: boolean) =>
  `<w:tc><w:tcPr>${header ? '<w:shd w:val="clear" w:color="auto" w:fill="E6F4FF"/>' : ''}</w:tcPr>${paragraph(text, '<w:spacing w:before="40" w:after="40"/>', header ? '<w:b/>' : '')}</w:tc>`;

const BORDER =
  '<w:top w:val="single" w:sz="4" w:color="BFBFBF"/><w:left w:val="single" w:sz="4" w:color="BFBFBF"/><w:bottom w:val="single" w:sz="4" w:color="BFBFBF"/><w:right w:val="single" w:sz="4" w:color="BFBFBF"/><w:insideH w:val="single" w:sz="4" w:color="BFBFBF"/><w:insideV w:val="single" w:sz="4" w:color="BFBFBF"/>';

const wordBlock = (block: Block) => {
  switch (block.kind) {
    case 'title':
      return paragraph(
        block.text,
        '<w:jc w:val="center"/><w:spacing w:after="240"/>',
        '<w:b/><w:sz w:val="36"/>',
      );
    case 'heading':
      return paragraph(block.text, '<w:spacing w:before="240" w:after="120"/>', '<w:b/><w:sz w:val="28"/>');
    case 'paragraph':
      return paragraph(block.text, '<w:spacing w:after="120" w:line="360" w:lineRule="auto"/>');
    case 'list':
      return block.items.map((item, i) => paragraph(`${i + 1}. ${item}`, '<w:ind w:left="420"/>')).join('');
    case 'table':
      return `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>${BORDER}</w:tblBorders></w:tblPr>${block.rows
        .map((row, r) => `<w:tr>${row.map((text) => cell(text, r === 0)).join('')}</w:tr>`)
        .join('')}</w:tbl>${paragraph('')}`;
  }
};

const coreProperties = (title: string) =>
  `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeXml(title)}</dc:title><dc:creator>悦讯科技</dc:creator></cp:coreProperties>`;

const packageRels = (target: string) =>
  `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="${target}"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;

const contentTypes = (overrides: Record<string, string>) =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${Object.entries(
    overrides,
  )
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join(
      '',
    )}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;

/** A Word document: title, headings, paragraphs, numbered lists and bordered tables on A4. */
export const docx = (title: string, blocks: Block[]) =>
  zip([
    {
      name: '[Content_Types].xml',
      content: contentTypes({
        '/word/document.xml':
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      }),
    },
    { name: '_rels/.rels', content: packageRels('word/document.xml') },
    { name: 'docProps/core.xml', content: coreProperties(title) },
    {
      name: 'word/document.xml',
      content: `${XML}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${blocks.map(wordBlock).join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`,
    },
  ]);

const columnName = (index: number) => String.fromCharCode(65 + index);

/** An Excel workbook with one sheet: a bold header row and the given rows, as inline strings. */
export const xlsx = (title: string, sheetName: string, rows: string[][], columnWidths: number[]) => {
  const sheetRows = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row
          .map(
            (text, c) =>
              `<c r="${columnName(c)}${r + 1}" t="inlineStr"${r === 0 ? ' s="1"' : ''}><is><t>${escapeXml(text)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  const cols = columnWidths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return zip([
    {
      name: '[Content_Types].xml',
      content: contentTypes({
        '/xl/workbook.xml': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
        '/xl/worksheets/sheet1.xml':
          'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
        '/xl/styles.xml': 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml',
      }),
    },
    { name: '_rels/.rels', content: packageRels('xl/workbook.xml') },
    { name: 'docProps/core.xml', content: coreProperties(title) },
    {
      name: 'xl/workbook.xml',
      content: `${XML}<workbook xmlns="${main}" xmlns:r="${R}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${R}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${R}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: 'xl/styles.xml',
      content: `${XML}<styleSheet xmlns="${main}"><fonts count="2"><font><sz val="11"/><name val="宋体"/></font><font><b/><sz val="11"/><name val="宋体"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: `${XML}<worksheet xmlns="${main}"><cols>${cols}</cols><sheetData>${sheetRows}</sheetData></worksheet>`,
    },
  ]);
};
