// A local stand-in for WhatsApp's WebSocket (wss://web.whatsapp.com/ws/chat), enough for a real, unpaired
// Baileys client to show a QR: it answers the Noise XX handshake as WhatsApp's server does, reads the
// client's registration payload, then sends the `pair-device` IQ with its refs (one QR per ref), answers
// keep-alive pings and nothing else. Test support only: plain JavaScript, so the production smoke runs it
// with plain node next to the compiled server; never used to reach the real service.
//
// Built from Baileys' own utilities (its Noise primitives, protobufs and binary-node codec), mirroring
// lib/Utils/noise-handler.js from the responder's side.
//
// The certificate chain: the client checks that the intermediate certificate is signed by WhatsApp's
// root key (WA_CERT_DETAILS.PUBLIC_KEY) and names issuer serial 0. Nobody outside WhatsApp can sign with
// that key, so the intermediate here is signed by a key of our own. Baileys 7.0.0-rc14 accepts it
// because its `Curve.verify` treats any well-formed signature as valid (libsignal's verifySignature
// returns false instead of throwing, and Baileys only catches throws). Should Baileys start verifying,
// the client ends with "noise intermediate certificate signature invalid" and the package's test
// fake-whatsapp-server.test.ts says so.
import { createRequire } from 'node:module';
import {
  aesDecryptGCM,
  aesEncryptGCM,
  Curve,
  decodeBinaryNode,
  encodeBinaryNode,
  hkdf,
  NOISE_MODE,
  NOISE_WA_HEADER,
  proto,
  sha256,
  WA_CERT_DETAILS,
} from '@whiskeysockets/baileys';

// The WebSocket library Baileys itself connects with (the fake needs no dependency of its own, and it
// is present wherever Baileys is, production installs included).
const baileysPath = createRequire(import.meta.url).resolve('@whiskeysockets/baileys');
const { WebSocketServer } = createRequire(baileysPath)('ws');

const SERVER_JID = 's.whatsapp.net';
const IV_LENGTH = 12;

function iv(counter) {
  const bytes = Buffer.alloc(IV_LENGTH);
  bytes.writeUInt32BE(counter, 8);
  return bytes;
}

/** Self-signed stand-in for WhatsApp's certificate chain (see the note at the top). */
function certificateChain(serverStatic) {
  const intermediate = Curve.generateKeyPair();
  const rootStandIn = Curve.generateKeyPair();
  const now = Math.floor(Date.now() / 1000);
  const Details = proto.CertChain.NoiseCertificate.Details;
  const intermediateDetails = Details.encode({
    serial: 1,
    issuerSerial: WA_CERT_DETAILS.SERIAL,
    key: intermediate.public,
    notBefore: now - 60,
    notAfter: now + 86_400,
  }).finish();
  const leafDetails = Details.encode({
    serial: 2,
    issuerSerial: 1,
    key: serverStatic.public,
    notBefore: now - 60,
    notAfter: now + 86_400,
  }).finish();
  return proto.CertChain.encode({
    intermediate: {
      details: intermediateDetails,
      signature: Curve.sign(rootStandIn.private, intermediateDetails),
    },
    leaf: { details: leafDetails, signature: Curve.sign(intermediate.private, leafDetails) },
  }).finish();
}

/** The responder's half of Noise_XX_25519_AESGCM_SHA256 as WhatsApp runs it, then the transport. */
function noiseResponder() {
  const mode = Buffer.from(NOISE_MODE);
  let hash = mode.byteLength === 32 ? mode : sha256(mode);
  let salt = hash;
  let key = hash;
  let counter = 0;
  let transport = null;
  const authenticate = (data) => {
    hash = sha256(Buffer.concat([hash, data]));
  };
  const mixIntoKey = (data) => {
    const derived = hkdf(Buffer.from(data), 64, { salt, info: '' });
    salt = derived.subarray(0, 32);
    key = derived.subarray(32);
    counter = 0;
  };
  const encrypt = (plaintext) => {
    const sealed = aesEncryptGCM(plaintext, key, iv(counter++), hash);
    authenticate(sealed);
    return sealed;
  };
  const decrypt = (ciphertext) => {
    const opened = aesDecryptGCM(ciphertext, key, iv(counter++), hash);
    authenticate(ciphertext);
    return opened;
  };
  const ephemeral = Curve.generateKeyPair();
  const serverStatic = Curve.generateKeyPair();
  return {
    /** The client's hello (its ephemeral key) → the server hello. */
    hello(clientEphemeral) {
      authenticate(NOISE_WA_HEADER);
      authenticate(clientEphemeral);
      authenticate(ephemeral.public);
      mixIntoKey(Curve.sharedKey(ephemeral.private, clientEphemeral));
      const staticSealed = encrypt(serverStatic.public);
      mixIntoKey(Curve.sharedKey(serverStatic.private, clientEphemeral));
      const payload = encrypt(certificateChain(serverStatic));
      return { ephemeral: ephemeral.public, static: staticSealed, payload };
    },
    /** The client's finish (its static key and ClientPayload) → the payload; switches to transport. */
    finish(clientFinish) {
      const clientStatic = decrypt(clientFinish.static);
      mixIntoKey(Curve.sharedKey(ephemeral.private, clientStatic));
      const payload = decrypt(clientFinish.payload);
      const derived = hkdf(Buffer.alloc(0), 64, { salt, info: '' });
      // The client encrypts with the first half and decrypts with the second.
      transport = {
        read: derived.subarray(0, 32),
        write: derived.subarray(32),
        readCounter: 0,
        writeCounter: 0,
      };
      return proto.ClientPayload.decode(payload);
    },
    seal(plaintext) {
      return aesEncryptGCM(plaintext, transport.write, iv(transport.writeCounter++), Buffer.alloc(0));
    },
    open(ciphertext) {
      return aesDecryptGCM(ciphertext, transport.read, iv(transport.readCounter++), Buffer.alloc(0));
    },
  };
}

function frame(data) {
  const out = Buffer.alloc(3 + data.byteLength);
  out.writeUIntBE(data.byteLength, 0, 3);
  out.set(data, 3);
  return out;
}

/**
 * Starts the fake on a free local port. `refs`: the pairing refs sent in `pair-device` (one QR each;
 * Baileys ends the connection with 408 once they are used up).
 *
 * @param {{ host?: string, port?: number, refs?: string[], log?: (line: string) => void }} [options]
 */
export async function startFakeWhatsappServer(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const refs = options.refs ?? Array.from({ length: 6 }, (_, i) => `2@atende-fake-ref-${i + 1}`);
  const log = options.log ?? (() => {});
  /** @type {import('./fake-whatsapp-server.d.mts').FakeClient[]} */
  const clients = [];
  const server = new WebSocketServer({ host, port: options.port ?? 0 });
  await new Promise((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });

  server.on('connection', (socket) => {
    const noise = noiseResponder();
    const client = { registration: null, qrRefsSent: 0, pings: 0, closed: false };
    clients.push(client);
    let pending = Buffer.alloc(0);
    let introSeen = false;
    let stage = 'hello';

    const sendNode = (node) => socket.send(frame(noise.seal(encodeBinaryNode(node))));
    const fail = (reason) => {
      log(`fake WhatsApp: ${reason}`);
      socket.close();
    };

    const onFrame = async (data) => {
      if (stage === 'hello') {
        const hello = proto.HandshakeMessage.decode(data).clientHello;
        if (!hello?.ephemeral) return fail('expected a ClientHello');
        const serverHello = noise.hello(Buffer.from(hello.ephemeral));
        socket.send(frame(proto.HandshakeMessage.encode({ serverHello }).finish()));
        stage = 'finish';
        return;
      }
      if (stage === 'finish') {
        const finish = proto.HandshakeMessage.decode(data).clientFinish;
        if (!finish?.static || !finish.payload) return fail('expected a ClientFinish');
        const payload = noise.finish({
          static: Buffer.from(finish.static),
          payload: Buffer.from(finish.payload),
        });
        stage = 'transport';
        if (!payload.devicePairingData) {
          // A paired client logs in: this fake knows no accounts.
          return fail('login of a paired device: not supported');
        }
        client.registration = {
          platform: String(payload.userAgent?.platform ?? ''),
          version: [
            payload.userAgent?.appVersion?.primary,
            payload.userAgent?.appVersion?.secondary,
            payload.userAgent?.appVersion?.tertiary,
          ],
        };
        client.qrRefsSent = refs.length;
        sendNode({
          tag: 'iq',
          attrs: { from: SERVER_JID, type: 'set', id: `pair-${Date.now()}`, xmlns: 'md' },
          content: [
            {
              tag: 'pair-device',
              attrs: {},
              content: refs.map((ref) => ({ tag: 'ref', attrs: {}, content: Buffer.from(ref, 'utf8') })),
            },
          ],
        });
        return;
      }
      const node = await decodeBinaryNode(noise.open(data));
      if (node.tag === 'iq' && node.attrs.xmlns === 'w:p' && node.attrs.type === 'get') {
        client.pings += 1;
        sendNode({ tag: 'iq', attrs: { from: SERVER_JID, id: node.attrs.id, type: 'result' } });
      }
    };

    let chain = Promise.resolve();
    socket.on('message', (data) => {
      chain = chain
        .then(async () => {
          pending = Buffer.concat([pending, Buffer.from(data)]);
          if (!introSeen) {
            if (pending.length < 4) return;
            // WhatsApp's intro: "WA", protocol version, dictionary version (no routing info when unpaired).
            if (pending.subarray(0, 2).toString('latin1') !== 'WA') return fail('no WA intro header');
            pending = pending.subarray(4);
            introSeen = true;
          }
          while (pending.length >= 3) {
            const size = pending.readUIntBE(0, 3);
            if (pending.length < 3 + size) return;
            const body = pending.subarray(3, 3 + size);
            pending = pending.subarray(3 + size);
            await onFrame(body);
          }
        })
        .catch((error) => fail(`protocol error: ${error instanceof Error ? error.message : error}`));
    });
    socket.on('close', () => {
      client.closed = true;
    });
  });

  const address = server.address();
  return {
    url: `ws://${host}:${address.port}/ws/chat`,
    clients,
    close: () =>
      new Promise((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(() => resolve());
      }),
  };
}

// `node fake-whatsapp-server.mjs [port]`: runs it on its own and prints its URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeWhatsappServer({
    port: Number(process.argv[2] ?? 0),
    log: (line) => console.info(line),
  });
  console.info(fake.url);
}
