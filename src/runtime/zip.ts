/**
 * The smallest ZIP archive: one file, stored (not compressed). A workflow
 * run's artifact is a ZIP archive (issue 46: a leg's comment row travels as
 * one), and what another job uploaded is read back only in this one shape,
 * with its sizes bounded and its CRC checked: anything else is no row.
 */
import { crc32 } from 'node:zlib'

const LOCAL = 0x04034b50
const CENTRAL = 0x02014b50
const END = 0x06054b50
/** 1980-01-01 00:00, the earliest time a ZIP archive can say (the content's time does not matter here). */
const DOS_DATE = (0 << 9) | (1 << 5) | 1

/** One file named `name` holding `content`, stored. */
export function storedZip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name, 'utf8')
  const crc = crc32(content)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(LOCAL, 0)
  local.writeUInt16LE(20, 4) // version needed: 2.0
  local.writeUInt16LE(0x0800, 6) // the name is UTF-8
  local.writeUInt16LE(0, 8) // stored
  local.writeUInt16LE(0, 10)
  local.writeUInt16LE(DOS_DATE, 12)
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(content.length, 18)
  local.writeUInt32LE(content.length, 22)
  local.writeUInt16LE(fileName.length, 26)
  local.writeUInt16LE(0, 28)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(CENTRAL, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(0x0800, 8)
  central.writeUInt16LE(0, 10)
  central.writeUInt16LE(0, 12)
  central.writeUInt16LE(DOS_DATE, 14)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(content.length, 20)
  central.writeUInt32LE(content.length, 24)
  central.writeUInt16LE(fileName.length, 28)
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
