import { crc32 } from 'node:zlib';

/** One file of a ZIP archive. */
export interface ZipPart {
  name: string;
  content: Buffer;
}

/**
 * A ZIP archive of these parts, stored (no compression), in their order: enough for the Office Open
 * XML files the server writes again and the tests make.
 */
export function storedZip(parts: readonly ZipPart[]): Buffer {
  return Buffer.concat([...storedZipPieces(parts)]);
}

/**
 * The same archive as the pieces it is made of (headers, then each part's own content, not
 * copied): what reads it as a stream needs no second copy of every part.
 */
export function* storedZipPieces(parts: readonly ZipPart[]): Generator<Buffer> {
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of parts) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    yield local;
    yield fileName;
    yield content;
    centrals.push(central, fileName);
    offset += 30 + fileName.length + content.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
