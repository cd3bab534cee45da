/** Tiny real files of each kind, for tests (the first bytes are what type detection reads). */
const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));

/** A 1×1 PNG. */
const png = hex(`89504e470d0a1a0a0000000d4948445200000001000000010806000000
  1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082`);

/** JPEG signature and a JFIF header (enough for detection). */
const jpeg = hex('ffd8ffe000104a46494600010100000100010000ffd9');

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The first Ogg page of an Opus stream (what a WhatsApp voice note starts with). */
const oggOpus = (() => {
  const page = Buffer.alloc(47);
  page.write('OggS', 0, 'latin1');
  page[5] = 0x02;
  page[26] = 1;
  page[27] = 19;
  page.write('OpusHead', 28, 'latin1');
  page[36] = 1;
  page[37] = 1;
  return Uint8Array.from(page);
})();

/** An MP4's first box (`ftyp`, brand isom): what a WhatsApp video starts with. */
const mp4 = hex('000000186674797069736f6d0000020069736f6d69736f32');

/** A WebP's RIFF header (what a WhatsApp sticker is). */
const webp = hex('524946461a000000574542505650384c0d0000002f0000001007101111888808');

const elf = hex('7f454c4602010100000000000000000002003e00');
/** The start of a zip whose body is cut off (a container no parser can read). */
const zip = hex('504b030414000000080000000000000000000000000000000000050000006869');

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A whole zip holding one stored (uncompressed) file: local header, data, central directory, end. */
function zipOf(name: string, text: string): Uint8Array {
  const fileName = Buffer.from(name);
  const data = Buffer.from(text);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Uint8Array.from(Buffer.concat([local, fileName, data, central, fileName, end]));
}

/** A real zip of one text file (what a customer's "fotos.zip" or "notas.zip" is). */
const wholeZip = zipOf('leia-me.txt', 'Pedido 1234\n');

export const samples = { png, jpeg, pdf, oggOpus, mp4, webp, elf, zip, wholeZip };
