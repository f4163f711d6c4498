import { describe, expect, it } from 'vitest';
import { columnLetters, readablePart, referenceRowsAndCells, unprefixMainNamespace } from './workbook-xml.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

describe('a part whose main namespace has a prefix', () => {
  it('reads with the namespace as the default one, other prefixes kept', () => {
    const xml = `<x:worksheet xmlns:x="${NS}" xmlns:r="rel"><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c></x:row></x:sheetData><x:legacyDrawing r:id="rId1"/></x:worksheet>`;
    expect(unprefixMainNamespace(xml)).toBe(
      `<worksheet xmlns="${NS}" xmlns:r="rel"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData><legacyDrawing r:id="rId1"/></worksheet>`,
    );
  });

  it('is left as written without a prefix, or when another namespace is the default', () => {
    const plain = `<worksheet xmlns="${NS}"><sheetData/></worksheet>`;
    expect(unprefixMainNamespace(plain)).toBe(plain);
    const other = `<x:worksheet xmlns:x="${NS}" xmlns="urn:other"><x:sheetData/></x:worksheet>`;
    expect(unprefixMainNamespace(other)).toBe(other);
  });
});

describe('rows and cells without their reference', () => {
  it('get the next row, and the next column of their row', () => {
    const xml =
      '<worksheet><cols><col min="1"/></cols><sheetData>' +
      '<row><c t="s"><v>0</v></c><c><v>2</v></c></row>' +
      '<row r="5"><c r="C5"><v>1</v></c><c/></row>' +
      '<row/>' +
      '<row spans="1:2"><c t="inlineStr"><is><t>x</t></is></c></row>' +
      '</sheetData><conditionalFormatting><cfRule/></conditionalFormatting></worksheet>';
    expect(referenceRowsAndCells(xml)).toBe(
      '<worksheet><cols><col min="1"/></cols><sheetData>' +
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>2</v></c></row>' +
        '<row r="5"><c r="C5"><v>1</v></c><c r="D5"/></row>' +
        '<row r="6"/>' +
        '<row r="7" spans="1:2"><c r="A7" t="inlineStr"><is><t>x</t></is></c></row>' +
        '</sheetData><conditionalFormatting><cfRule/></conditionalFormatting></worksheet>',
    );
  });

  it('leaves a sheet whose rows and cells all have theirs as it is', () => {
    const xml = '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>';
    expect(referenceRowsAndCells(xml)).toBe(xml);
  });

  it('name columns past Z as spreadsheets do', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('the parts put in the readable form', () => {
  it('are the workbook XML parts; a sheet gets its references too; other parts are untouched', () => {
    const sheet = Buffer.from(
      `<x:worksheet xmlns:x="${NS}"><x:sheetData><x:row><x:c><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
    );
    expect(readablePart('xl/worksheets/sheet1.xml', sheet).toString()).toBe(
      `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>`,
    );
    const rels = Buffer.from(`<x:Relationships xmlns:x="${NS}"/>`);
    expect(readablePart('_rels/.rels', rels)).toBe(rels);
    const same = Buffer.from(`<workbook xmlns="${NS}"/>`);
    expect(readablePart('xl/workbook.xml', same)).toBe(same);
  });
});
