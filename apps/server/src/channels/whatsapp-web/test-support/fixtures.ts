/**
 * Baileys 7 event payloads, in the shapes its source emits them (Socket/messages-recv.ts,
 * Utils/process-message.ts, Utils/decode-wa-message.ts): our own fixtures, no Baileys code.
 */

/** `connection.update` closing with a Boom whose `output.statusCode` is the reason. */
export const closed = (statusCode: number) => ({
  connection: 'close',
  lastDisconnect: {
    error: Object.assign(new Error('Connection Failure'), {
      isBoom: true,
      output: { statusCode, payload: {} },
    }),
    date: new Date(),
  },
});

/**
 * Baileys ran out of QR refs with none scanned (Socket/socket.ts `genPairQR`): it ends the socket with
 * `new Boom('QR refs attempts ended', { statusCode: DisconnectReason.timedOut })`, i.e. 408.
 */
export const qrRefsEnded = () => {
  const update = closed(408);
  update.lastDisconnect.error.message = 'QR refs attempts ended';
  return update;
};

export const qr = (ref: string) => ({ qr: `${ref},Yb3cR1Xk0mZ6aP0v9Qy7sW2tU4eR8iO1pL5kJ3hG6fD=,noise,adv` });
export const opened = { connection: 'open', receivedPendingNotifications: true };

const seconds = () => Math.floor(Date.now() / 1000);

type Key = {
  remoteJid: string;
  fromMe: boolean;
  id: string;
  remoteJidAlt?: string;
  addressingMode?: 'lid' | 'pn';
  participant?: string;
};

export const upsert = (messages: unknown[], type: 'notify' | 'append' = 'notify') => ({ messages, type });

/** A plain 1:1 text (`conversation`). */
export const text = (key: Key, body: string, pushName = 'Cliente') => ({
  key,
  messageTimestamp: seconds(),
  pushName,
  broadcast: false,
  message: { conversation: body },
});

/** LID addressing: remoteJid is the LID, remoteJidAlt the phone JID (decode-wa-message). */
export const lidKey = (lid: string, phone: string | null, id: string): Key => ({
  remoteJid: `${lid}@lid`,
  ...(phone ? { remoteJidAlt: `${phone}@s.whatsapp.net` } : {}),
  fromMe: false,
  id,
  addressingMode: 'lid',
});

export const pnKey = (phone: string, id: string, fromMe = false): Key => ({
  remoteJid: `${phone}@s.whatsapp.net`,
  fromMe,
  id,
  addressingMode: 'pn',
});

/** A quoted reply inside a disappearing-messages wrapper. */
export const quotedInEphemeral = (key: Key, body: string, quotedId: string, quotedText: string) => ({
  key,
  messageTimestamp: seconds(),
  pushName: 'Cliente',
  message: {
    ephemeralMessage: {
      message: {
        extendedTextMessage: {
          text: body,
          contextInfo: {
            stanzaId: quotedId,
            participant: '5511900000000@s.whatsapp.net',
            quotedMessage: { conversation: quotedText },
            expiration: 604800,
          },
        },
      },
    },
  },
});

const mediaFields = {
  url: 'https://mmg.whatsapp.net/x',
  mediaKey: 'AAAA',
  fileLength: 1234,
  directPath: '/v/t62',
};

export const image = (key: Key, caption: string) => ({
  key,
  messageTimestamp: seconds(),
  message: { imageMessage: { ...mediaFields, mimetype: 'image/jpeg', caption, height: 1, width: 1 } },
});

export const voiceNote = (key: Key) => ({
  key,
  messageTimestamp: seconds(),
  message: { audioMessage: { ...mediaFields, mimetype: 'audio/ogg; codecs=opus', seconds: 3, ptt: true } },
});

/** A document with a caption arrives wrapped in `documentWithCaptionMessage`. */
export const documentWithCaption = (key: Key, fileName: string, caption: string) => ({
  key,
  messageTimestamp: seconds(),
  message: {
    documentWithCaptionMessage: {
      message: { documentMessage: { ...mediaFields, mimetype: 'application/pdf', fileName, caption } },
    },
  },
});

export const location = (key: Key) => ({
  key,
  messageTimestamp: seconds(),
  message: {
    locationMessage: {
      degreesLatitude: -23.5613,
      degreesLongitude: -46.6565,
      name: 'Loja Paulista',
      address: 'Av. Paulista, 1000',
    },
  },
});

/** Decryption failed: no content, a CIPHERTEXT (2) stub with the error as parameter. */
export const decryptStub = (key: Key) => ({
  key,
  messageTimestamp: seconds(),
  messageStubType: 2,
  messageStubParameters: ['No matching sessions found for message'],
});

/** `messages.reaction`: key = the reacted message; reaction.key = the reactor's message key. */
export const reaction = (
  target: { id: string; remoteJid: string; fromMe: boolean },
  by: Key,
  emoji: string,
) => [{ key: target, reaction: { key: by, text: emoji, senderTimestampMs: Date.now() } }];

/** `messages.update` receipts (proto.WebMessageInfo.Status: 0 error, 2 server, 3 delivered, 4 read). */
export const receipt = (remoteJid: string, id: string, status: number) => [
  { key: { remoteJid, id, fromMe: true }, update: { status, messageTimestamp: seconds() } },
];

/** Groups, broadcasts, status and newsletters, which the channel ignores. */
export const ignored = (id: string) => [
  text(
    {
      remoteJid: '120363025246125888@g.us',
      fromMe: false,
      id: `${id}G`,
      participant: '5511911112222@s.whatsapp.net',
    },
    'grupo',
  ),
  text(
    {
      remoteJid: 'status@broadcast',
      fromMe: false,
      id: `${id}S`,
      participant: '5511911112222@s.whatsapp.net',
    },
    'status',
  ),
  text({ remoteJid: '120363144038483540@newsletter', fromMe: false, id: `${id}N` }, 'canal'),
  text(
    {
      remoteJid: '1234567890@broadcast',
      fromMe: false,
      id: `${id}B`,
      participant: '5511911112222@s.whatsapp.net',
    },
    'lista',
  ),
];

/** A video with a caption (`videoMessage`: mp4, seconds, caption). */
export const video = (key: Key, caption: string) => ({
  key,
  messageTimestamp: seconds(),
  pushName: 'Cliente',
  message: {
    videoMessage: { ...mediaFields, mimetype: 'video/mp4', seconds: 12, caption, height: 640, width: 360 },
  },
});

/** A sticker (`stickerMessage`: WebP, maybe animated). */
export const sticker = (key: Key) => ({
  key,
  messageTimestamp: seconds(),
  pushName: 'Cliente',
  message: {
    stickerMessage: { ...mediaFields, mimetype: 'image/webp', isAnimated: false, height: 512, width: 512 },
  },
});

/**
 * An edit as it arrives: first `messages.upsert` with the edit itself (`editedMessage` wrapping a
 * `protocolMessage` MESSAGE_EDIT (14) that names the edited message), then — from
 * Utils/process-message.ts — `messages.update` keyed by the edited message's id, carrying the new
 * content under `editedMessage.message` and the edit's time.
 */
export const edit = (by: Key, targetId: string, text: string) => {
  const at = Date.now();
  return {
    upsert: {
      key: { ...by, id: `${targetId}-EDIT` },
      messageTimestamp: seconds(),
      pushName: 'Cliente',
      message: {
        editedMessage: {
          message: {
            protocolMessage: {
              key: { remoteJid: by.remoteJid, fromMe: by.fromMe, id: targetId },
              type: 14,
              editedMessage: { conversation: text },
              timestampMs: at,
            },
          },
        },
      },
    },
    update: [
      {
        key: { ...by, id: targetId },
        update: {
          message: { editedMessage: { message: { conversation: text } } },
          messageTimestamp: Math.floor(at / 1000),
        },
      },
    ],
  };
};

/**
 * A deletion for everyone: `messages.upsert` with a `protocolMessage` REVOKE (0) naming the deleted
 * message, then `messages.update` keyed by it with `message: null` and stub REVOKE (1).
 */
export const revoke = (by: Key, targetId: string) => ({
  upsert: {
    key: { ...by, id: `${targetId}-DEL` },
    messageTimestamp: seconds(),
    pushName: 'Cliente',
    message: {
      protocolMessage: { key: { remoteJid: by.remoteJid, fromMe: by.fromMe, id: targetId }, type: 0 },
    },
  },
  update: [
    {
      key: { ...by, id: targetId },
      update: { message: null, messageStubType: 1, key: { ...by, id: `${targetId}-DEL` } },
    },
  ],
});
