/**
 * The smallest ZIP archive: one file, stored (not compressed). A workflow
 * run's artifact is a ZIP archive (a leg's comment row travels as
 * one), and what another job uploaded is read back only in this one shape,
 * with its sizes bounded and its CRC checked: anything else is no row.
 */
import { crc32 } from 'node:zlib'

const LOCAL = 0x04034b50
const CENTRAL = 0x02014b50
const END = 0x06054b50
/** 1980-01-01 00:00, the earliest time a ZIP archive can say (the content's time does not matter here). */
const DOS_DATE = (0 << 9) | (1 << 5) | 1

/**
 * The fields a local header and a central directory entry share, in the same order, from `at` (6 in the one, 8 in
 * the other): UTF-8 name, stored, time and date, CRC, both sizes (equal: stored), name length.
 */
function entryFields(header: Buffer, at: number, crc: number, size: number, nameLength: number): Buffer {
  header.writeUInt16LE(0x0800, at) // the name is UTF-8
  header.writeUInt16LE(0, at + 2) // stored
  header.writeUInt16LE(0, at + 4)
  header.writeUInt16LE(DOS_DATE, at + 6)
  header.writeUInt32LE(crc, at + 8)
  header.writeUInt32LE(size, at + 12)
  header.writeUInt32LE(size, at + 16)
  header.writeUInt16LE(nameLength, at + 20)
  return header
}

/** One file named `name` holding `content`, stored. */
export function storedZip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name, 'utf8')
  const crc = crc32(content)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(LOCAL, 0)
  local.writeUInt16LE(20, 4) // version needed: 2.0
  entryFields(local, 6, crc, content.length, fileName.length)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(CENTRAL, 0)
  central.writeUInt16LE(20, 4) // made by
  central.writeUInt16LE(20, 6) // version needed
  entryFields(central, 8, crc, content.length, fileName.length)
  // extra, comment, disk, internal attributes, external attributes, offset of the local header: all 0
  const centralAt = local.length + fileName.length + content.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(END, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + fileName.length, 12)
  end.writeUInt32LE(centralAt, 16)
  return Buffer.concat([local, fileName, content, central, fileName, end])
}

/**
 * The content of the archive's first file when it is `name`, stored, at most `maxBytes`, and its CRC holds;
 * undefined for anything else.
 */
export function storedFile(archive: Buffer, name: string, maxBytes: number): Buffer | undefined {
  if (archive.length < 30 || archive.readUInt32LE(0) !== LOCAL) return undefined
  const flags = archive.readUInt16LE(6)
  const method = archive.readUInt16LE(8)
  const crc = archive.readUInt32LE(14)
  const size = archive.readUInt32LE(18)
  const nameLength = archive.readUInt16LE(26)
  const extraLength = archive.readUInt16LE(28)
  // Encrypted, compressed or sized after the data (bit 3): not the shape written here.
  if (flags & 0x0009 || method !== 0 || size > maxBytes || archive.readUInt32LE(22) !== size) return undefined
  const start = 30 + nameLength + extraLength
  if (start + size > archive.length) return undefined
  if (archive.subarray(30, 30 + nameLength).toString('utf8') !== name) return undefined
  const content = archive.subarray(start, start + size)
  return crc32(content) === crc ? Buffer.from(content) : undefined
}
