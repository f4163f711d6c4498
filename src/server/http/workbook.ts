import { inflateRawSync } from 'node:zlib';
import { MAX_IMPORT_ROWS } from '../../domain/imports.js';
import type { ZipPart } from '../stored-zip.js';
import { AppError, badRequest } from './errors.js';
import { readablePart } from './workbook-xml.js';

// An uploaded workbook checked before anything parses it (every import's: the kit's and the salaries').

/** What an uploaded workbook may unpack to, all its parts together: refused (413) before it is parsed. */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

const tooLarge = (message: string, code: string) => new AppError(413, message, { code, issues: { file: { code } } });
export const notWorkbook = () => badRequest('The file is not an Excel workbook (.xlsx)', { file: 'not_workbook' }, 'not_workbook');

/**
 * Checks an upload before anything parses it: an .xlsx is a zip (else 415 `file_type`); its parts
 * are inflated here, each with a ceiling on what it may produce, so that a zip bomb stops at
 * `MAX_UNPACKED_BYTES` (413 `workbook_too_large`) whatever its headers claim; it has a workbook
 * part (else 400 `not_workbook`); its sheets hold at most `MAX_IMPORT_ROWS` rows (413
 * `too_many_rows`, counted on the XML before any cell is read).
 */
export function inspectWorkbook(buf: Buffer): ZipPart[] {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50)
    throw new AppError(415, 'Upload an Excel workbook (.xlsx)', {
      code: 'file_type',
      issues: { file: { code: 'file_type', params: { allowed: 'XLSX' } } },
    });
  // The end of the central directory: its signature within the last 64 KiB.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw notWorkbook();
  const entries = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) throw tooLarge('The workbook is too large', 'workbook_too_large');
  let at = cdOffset;
  let unpacked = 0;
  let rows = 0;
  let hasWorkbook = false;
  const parts: ZipPart[] = [];
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw notWorkbook();
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name === 'xl/workbook.xml') hasWorkbook = true;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw notWorkbook();
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + compressed);
    let content: Buffer;
    if (method === 0) content = data;
    else if (method === 8) {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, MAX_UNPACKED_BYTES - unpacked) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)
          throw tooLarge('The workbook unpacks to more than the import takes', 'workbook_too_large');
        throw notWorkbook();
      }
    } else throw notWorkbook();
    unpacked += content.length;
    // In the form the reader follows (prefixed elements, rows and cells without references), before the rows are counted.
    content = readablePart(name, content);
    parts.push({ name, content });
    if (unpacked > MAX_UNPACKED_BYTES) throw tooLarge('The workbook unpacks to more than the import takes', 'workbook_too_large');
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      // Counted on the bytes: a copy of the sheet as text would be one more of its size per upload.
      for (let i = content.indexOf('<row'); i >= 0; i = content.indexOf('<row', i + 4))
        if (content[i + 4] === 0x20 || content[i + 4] === 0x3e) rows++;
      if (rows > MAX_IMPORT_ROWS + 1)
        throw new AppError(413, `A file holds at most ${MAX_IMPORT_ROWS} rows`, {
          code: 'too_many_rows',
          issues: { file: { code: 'too_many_rows', params: { max: MAX_IMPORT_ROWS } } },
        });
    }
  }
  if (!hasWorkbook) throw notWorkbook();
  return parts;
}
