import { describe, expect, it } from 'vitest';
import { mapInbound } from './map-inbound.js';
import { mapMessageUpdate } from './map-update.js';

const customer = { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false };

// Shapes as Baileys 7 emits them (Utils/process-message.ts, Socket/messages-recv.ts).
describe('mapMessageUpdate', () => {
  it('an edit (MESSAGE_EDIT, re-keyed by the edited id) is the new text, with its time', () => {
    const mapped = mapMessageUpdate(
      { ...customer, id: 'A1' },
      {
        message: { editedMessage: { message: { extendedTextMessage: { text: 'novo texto' } } } },
        messageTimestamp: 1_760_000_100,
      },
    );
    expect(mapped).toEqual({
      kind: 'edit',
      id: 'A1',
      identity: { phone: '5511988887777', lid: null },
      fromMe: false,
      text: 'novo texto',
      timestamp: 1_760_000_100_000,
    });
  });

  it('an edited caption reads as the caption', () => {
    const mapped = mapMessageUpdate(
      { ...customer, id: 'A2' },
      { message: { editedMessage: { message: { imageMessage: { caption: 'legenda nova' } } } } },
    );
    expect(mapped).toMatchObject({ kind: 'edit', text: 'legenda nova' });
  });

  it('a deletion (REVOKE: message null, stub 1) from a LID-addressed customer', () => {
    const mapped = mapMessageUpdate(
      {
        remoteJid: '20117000000001@lid',
        remoteJidAlt: '5511988887777@s.whatsapp.net',
        fromMe: false,
        id: 'A3',
      } as never,
      { message: null, messageStubType: 1 },
    );
    expect(mapped).toMatchObject({
      kind: 'delete',
      id: 'A3',
      identity: { phone: '5511988887777', lid: '20117000000001' },
      fromMe: false,
    });
  });

  it('receipts only for our messages; groups and unknown updates are nothing', () => {
    expect(mapMessageUpdate({ ...customer, fromMe: true, id: 'O1' }, { status: 4 })).toEqual({
      kind: 'receipt',
      id: 'O1',
      status: 'read',
    });
    expect(mapMessageUpdate({ ...customer, id: 'C1' }, { status: 4 })).toBeNull();
    expect(
      mapMessageUpdate(
        { remoteJid: '120363025246125888@g.us', fromMe: false, id: 'G1' },
        { message: null, messageStubType: 1 },
      ),
    ).toBeNull();
    expect(mapMessageUpdate({ ...customer, id: 'X1' }, { starred: true })).toBeNull();
  });
});

describe('mapInbound media types', () => {
  const media = {
    url: 'https://mmg.whatsapp.net/x',
    directPath: '/v/x',
    mediaKey: new Uint8Array(32),
    fileLength: 99,
  };
  it('a video is a video, a sticker a sticker, each with what its download needs', () => {
    const video = mapInbound({
      key: { ...customer, id: 'V1' },
      message: { videoMessage: { ...media, mimetype: 'video/mp4' } },
    });
    const sticker = mapInbound({
      key: { ...customer, id: 'S1' },
      message: { stickerMessage: { ...media, mimetype: 'image/webp' } },
    });
    expect(video).toMatchObject({
      kind: 'message',
      message: {
        type: 'video',
        text: '[Vídeo]',
        media: { mimeType: 'video/mp4', fileLength: 99, descriptor: { kind: 'video' } },
      },
    });
    expect(sticker).toMatchObject({
      kind: 'message',
      message: {
        type: 'sticker',
        text: '[Figurinha]',
        media: { mimeType: 'image/webp', descriptor: { kind: 'sticker' } },
      },
    });
  });

  it('the edit and the deletion themselves (protocol messages) are no messages of their own', () => {
    const key = { ...customer, id: 'P1' };
    const edit = mapInbound({
      key,
      message: {
        editedMessage: {
          message: {
            protocolMessage: {
              key: { ...customer, id: 'A1' },
              type: 14,
              editedMessage: { conversation: 'x' },
            },
          },
        },
      },
    });
    const revoke = mapInbound({
      key,
      message: { protocolMessage: { key: { ...customer, id: 'A1' }, type: 0 } },
    });
    expect(edit).toEqual({ kind: 'ignore', reason: 'protocol' });
    expect(revoke).toEqual({ kind: 'ignore', reason: 'protocol' });
  });
});
