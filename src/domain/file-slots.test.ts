import { describe, expect, it } from 'vitest';
import {
  acceptOf,
  FILE_KINDS,
  kindList,
  SLOT_KEY,
  slotReadAction,
  slotWriteAction,
  type FileKind,
  type FileSlotDecl,
} from './file-slots.js';

describe("a file picker's accept", () => {
  // Each kind's extensions, then its MIME type: some pickers go by one, some by the other.
  it.each<[FileKind[], string]>([
    [['pdf'], '.pdf,application/pdf'],
    [['doc'], '.doc,application/msword'],
    [['docx'], '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    [['xlsx'], '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    [['png'], '.png,image/png'],
    [['jpeg'], '.jpg,.jpeg,image/jpeg'],
    [['pdf', 'jpeg'], '.pdf,application/pdf,.jpg,.jpeg,image/jpeg'],
    [[], ''],
  ])('%j → %s', (kinds, accept) => {
    expect(acceptOf(kinds)).toBe(accept);
  });

  it('names every kind the storage accepts', () => {
    expect(FILE_KINDS).toEqual({
      pdf: 'application/pdf',
      doc: 'application/msword',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      png: 'image/png',
      jpeg: 'image/jpeg',
      csv: 'text/csv',
    });
  });
});

describe('the kinds in a message', () => {
  it.each<[FileKind[], string]>([
    [['pdf'], 'PDF'],
    [['pdf', 'docx'], 'PDF or DOCX'],
    [['pdf', 'doc', 'docx'], 'PDF, DOC or DOCX'],
    [['png', 'jpeg', 'pdf', 'xlsx'], 'PNG, JPEG, PDF or XLSX'],
    [[], ''],
  ])('%j → %j', (kinds, text) => {
    expect(kindList(kinds)).toBe(text);
  });
});

describe("a slot's access", () => {
  const slot: FileSlotDecl = { field: 'cv', label: 'CV', types: ['pdf'] };

  it.each<[FileSlotDecl['access'], string, string]>([
    [undefined, 'show', 'edit'],
    [{}, 'show', 'edit'],
    [{ read: 'list' }, 'list', 'edit'],
    [{ write: 'create' }, 'show', 'create'],
    [{ read: 'export', write: 'delete' }, 'export', 'delete'],
  ])('%j reads with %s and writes with %s', (access, read, write) => {
    expect(slotReadAction({ ...slot, access })).toBe(read);
    expect(slotWriteAction({ ...slot, access })).toBe(write);
  });
});

describe("a slot's key", () => {
  it.each([
    ['cv', true],
    ['c', true],
    ['cv2', true],
    ['vendor-invoices', true],
    ['a-b-c', true],
    ['w9-2024', true],
    ['', false],
    ['Cv', false],
    ['2cv', false],
    ['-cv', false],
    ['cv-', false],
    ['vendor--invoices', false],
    ['vendor_invoices', false],
    ['vendor invoices', false],
    ['cv/x', false],
    // A key is the whole segment: nothing may trail or lead it.
    ['cv-X', false],
    ['cv ', false],
    [' cv', false],
  ])('%j: %s', (key, ok) => {
    expect(SLOT_KEY.test(key)).toBe(ok);
  });
});
