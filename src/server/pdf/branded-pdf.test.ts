import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/fixtures/pdf-text.js';
import { openPdf } from './branded-pdf.js';

async function textOf(lines: string[], lang: 'en' | 'vi') {
  const pdf = openPdf({ lang, title: 'Test', author: 'Test' });
  for (const line of lines) pdf.write(line, { size: 12, weight: 'bold' });
  return pdfText((await pdf.finish('Footer')).content);
}

describe('documents sharing the parsed fonts', () => {
  it('a letter first drawn as part of an accented one (Á draws A) reads as itself in the next document', async () => {
    // Bold, and letters only accented at first: no earlier document of this worker drew them plain.
    expect(await textOf(['Á É Ó Ú Ý'], 'vi')).toContain('Á É Ó Ú Ý');
    expect(await textOf(['MAPLE EMILY YOUR UO'], 'en')).toContain('MAPLE EMILY YOUR UO');
  });
});
