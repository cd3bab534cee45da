import { FAKE_PHONE_NUMBER_ID, FAKE_TOKEN, FAKE_WABA_ID, startFakeGraph } from './fake-graph.js';

/** A fake Graph on a port, for trying CHANNEL=cloud-api by hand (README): `npx tsx …/run-fake-graph.ts`. */
const graph = await startFakeGraph();
process.stdout.write(
  `fake Graph at ${graph.url}\nphone number id ${FAKE_PHONE_NUMBER_ID}, business account ${FAKE_WABA_ID}, accepted token ${FAKE_TOKEN}\n`,
);
process.on('SIGTERM', () => void graph.close().then(() => process.exit(0)));
process.on('SIGINT', () => void graph.close().then(() => process.exit(0)));
