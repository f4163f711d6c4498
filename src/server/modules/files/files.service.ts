import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { FILE_KINDS, type FileKind } from '../../../domain/file-slots.js';
import { stripUnsafeText } from '../../../domain/text.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { FileStore, StoredFile } from '../../http/resource/hooks.js';
import { files } from './files.table.js';

// The kinds are the domain's: resources declare which their file slots take.
export { FILE_KINDS, type FileKind };

/** The type is read from the content; the name's extension is never trusted. */
export async function detectKind(content: Buffer): Promise<FileKind | undefined> {
  const detected = await fileTypeFromBuffer(content);
  if (!detected) return isText(content) ? 'csv' : undefined;
  if (detected.ext === 'cfb') return 'doc'; // legacy Word is an OLE compound file
  if (detected.ext === 'jpg') return 'jpeg';
  return (Object.keys(FILE_KINDS) as FileKind[]).find((k) => k === detected.ext);
}

/** UTF-8 text without NUL or other control characters than tab, CR and LF: what a .csv may be. */
function isText(content: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return false;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return false;
  }
  return true;
}

export type { StoredFile } from '../../http/resource/hooks.js';

/** One storage for every module's files: size and type checked, kept in the database. */
export async function storeFile(
  db: Db,
  input: { name: string; content: Buffer; ownerId: string | null },
  opts: { allowed: readonly FileKind[]; maxBytes: number },
): Promise<StoredFile> {
  if (input.content.length === 0) throw badRequest('The file is empty', { file: 'file_empty' }, 'file_empty');
  if (input.content.length > opts.maxBytes) {
    throw new AppError(413, `The file is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`, {
      code: 'file_too_large',
      issues: { file: { code: 'file_too_large', params: { max: Math.round(opts.maxBytes / 1024 / 1024) } } },
    });
  }
  const kind = await detectKind(input.content);
  if (!kind || !opts.allowed.includes(kind)) {
    throw new AppError(415, `Unsupported file type; allowed: ${opts.allowed.map((k) => k.toUpperCase()).join(', ')}`, {
      code: 'file_type',
      issues: { file: { code: 'file_type', params: { allowed: opts.allowed.map((k) => k.toUpperCase()).join(', ') } } },
    });
  }
  const content = IMAGE_KINDS.has(kind) ? await reencodeImage(input.content, kind) : input.content;
  const name = fileName(input.name, kind);
  const [row] = await db
    .insert(files)
    .values({
      name,
      mime: FILE_KINDS[kind],
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
      ownerId: input.ownerId,
    })
    .returning({ id: files.id, name: files.name, mime: files.mime, size: files.size });
  return row!;
}

const IMAGE_KINDS = new Set<FileKind>(['png', 'jpeg']);
/** Larger pictures are refused before they are decoded (a small file can claim huge dimensions). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Decodes the image and encodes its pixels again: what is stored is a fresh PNG or JPEG with
 * no metadata (EXIF, GPS, comments) and nothing appended after the image (HTML, scripts,
 * archives hiding in a polyglot file). An image that does not decode is refused.
 */
async function reencodeImage(content: Buffer, kind: FileKind): Promise<Buffer> {
  try {
    const image = sharp(content, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    return await (kind === 'png' ? image.png() : image.jpeg({ quality: 90, mozjpeg: true })).toBuffer();
  } catch {
    throw new AppError(415, 'The image cannot be read', {
      code: 'file_type',
      issues: { file: { code: 'file_type', params: { allowed: 'PNG, JPEG' } } },
    });
  }
}

const EXTENSIONS: Record<FileKind, { ext: string; also: string[] }> = {
  pdf: { ext: 'pdf', also: [] },
  doc: { ext: 'doc', also: [] },
  docx: { ext: 'docx', also: [] },
  xlsx: { ext: 'xlsx', also: [] },
  png: { ext: 'png', also: [] },
  jpeg: { ext: 'jpg', also: ['jpeg', 'jpe'] },
  csv: { ext: 'csv', also: [] },
};

/**
 * The name a stored file keeps: no path parts, quotes, control, format or bidirectional
 * characters (a right-to-left override makes "gnp.exe" read as "exe.png"), and an extension
 * that matches the type detected from the content.
 */
export function fileName(original: string, kind: FileKind): string {
  const cleaned = stripUnsafeText(original)
    .replace(/\p{Cf}|\p{Cc}/gu, '')
    .replace(/[/\\"<>:|?*]/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const { ext, also } = EXTENSIONS[kind];
  const match = /^(.*?)[\s.]*\.([A-Za-z0-9]{1,8})$/.exec(cleaned);
  const given = match?.[2]?.toLowerCase();
  const stem = ((match ? match[1] : cleaned) ?? '').slice(0, 180) || 'file';
  return `${stem}.${given && (given === ext || also.includes(given)) ? given : ext}`;
}

/** Reads one uploaded file from a multipart request; a request without one is a 400. */
export async function readUpload(req: FastifyRequest): Promise<{ name: string; content: Buffer }> {
  if (!req.isMultipart())
    throw new AppError(415, 'Send the file as multipart/form-data', {
      code: 'multipart_expected',
      issues: { file: { code: 'multipart_expected' } },
    });
  let part;
  try {
    part = await req.file();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'The file is too large', { code: 'file_too_large', issues: { file: { code: 'file_too_large' } } });
    throw err;
  }
  if (!part) throw badRequest('No file was sent', { file: 'required' }, 'file_missing');
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'The file is too large', { code: 'file_too_large', issues: { file: { code: 'file_too_large' } } });
    throw err;
  }
  return { name: part.filename, content };
}

export async function sendStoredFile(db: Db, reply: FastifyReply, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) throw notFound('File');
  return reply
    .header('content-type', row.mime)
    .header('content-length', String(row.size))
    .header(
      'content-disposition',
      `attachment; filename="${row.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .send(row.content);
}

export async function deleteStoredFile(db: Db, id: string) {
  await db.delete(files).where(eq(files.id, id));
}

/** The one storage of the firm's files, as the kit's file slots use it (the kit's FileStore hook). */
export const fileStore: FileStore = { readUpload, store: storeFile, send: sendStoredFile, remove: deleteStoredFile };
