// The automation-rules part of `npm run test:production`, run on every simulator server of the smoke
// (SQLite and PostgreSQL): an admin creates a rule through the REST API, simulated customers write,
// and the compiled server's durable rule jobs act on their conversations.

/** The label the rule adds; created when the server has none of that name. */
async function labelNamed(server, name) {
  const list = await server.get('/api/labels');
  if (list.status !== 200) throw new Error(`GET /api/labels → ${list.status}`);
  const known = list.body.data.find((label) => label.name.toLowerCase() === name);
  if (known) return known;
  const created = await server.post('/api/labels', { name, color: 'amber' });
  if (created.status !== 200) throw new Error(`etiqueta → ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.data;
}

/** Waits for the rule's run on the conversation (the run is logged once its actions are done). */
const runOf = (server, conversationId, ruleId) =>
  server
    .until(
      `/api/conversations/${conversationId}/automation-runs`,
      (body) => body.data.some((run) => run.ruleId === ruleId),
      { what: `a execução da regra na conversa ${conversationId}` },
    )
    .then((body) => body.data.find((run) => run.ruleId === ruleId));

/**
 * "When a customer message is received, if the text contains 'boleto': add the label, a private note
 * and send a message". A customer writes about a boleto: the conversation gets the label and the note,
 * the customer gets the message (name filled in) and the run log says so line by line. Another
 * customer, whose conversation a person has taken over, writes the same: the label still goes on, but
 * the rule's message does not go out over that person.
 * Expects a paired simulator (`server.customerWrites`).
 */
export async function automationRules(server) {
  const tag = `[${server.label}]`;
  const label = await labelNamed(server, 'boleto');
  const reply = 'Olá, {primeiro_nome}! A segunda via do boleto vai para o seu e-mail.';
  const created = await server.post('/api/automations', {
    name: 'Boleto',
    event: 'message_received',
    conditions: [{ type: 'text_contains', words: ['boleto'] }],
    actions: [
      { type: 'add_label', labelId: label.id },
      { type: 'add_note', text: 'Cliente pediu boleto: conferir no financeiro.' },
      { type: 'send_message', text: reply },
    ],
  });
  if (created.status !== 200) throw new Error(`regra → ${created.status} ${JSON.stringify(created.body)}`);
  const rule = created.body.data;

  // No person on the conversation: every action runs.
  const phone = '5531977700001';
  const { conversationId } = await server.customerWrites({
    phone,
    name: 'Rita Souza',
    text: 'Preciso da segunda via do BOLETO, por favor',
  });
  const run = await runOf(server, conversationId, rule.id);
  const sent = reply.replace('{primeiro_nome}', 'Rita');
  const expected = [
    'etiqueta boleto adicionada',
    'nota privada adicionada',
    `mensagem enviada: "${reply.slice(0, 59)}…"`,
  ];
  if (run.outcome !== 'done' || JSON.stringify(run.lines) !== JSON.stringify(expected))
    throw new Error(`registro da regra: ${JSON.stringify(run)}`);
  const conversation = await server.get(`/api/conversations/${conversationId}`);
  if (!conversation.body?.data?.tags?.includes(label.id))
    throw new Error(`etiqueta ausente: ${JSON.stringify(conversation.body?.data?.tags)}`);
  const timeline = await server.get(`/api/conversations/${conversationId}/timeline`);
  const note = timeline.body?.data?.find((entry) => entry.kind === 'note');
  if (note?.author?.name !== 'Automação · regra Boleto')
    throw new Error(`nota da regra ausente: ${JSON.stringify(timeline.body)}`);
  await server.until(
    `/api/simulator/outbox?phone=${phone}`,
    (body) => body.data.some((item) => item.text === sent),
    { what: 'a mensagem da regra no WhatsApp simulado' },
  );
  console.info(`${tag} regra "${rule.name}": ${run.lines.join('; ')}`);

  // A person holds the conversation: the rule labels it but says nothing to the customer.
  const other = '5531977700002';
  const first = await server.customerWrites({ phone: other, name: 'Caio Lima', text: 'Boa tarde' });
  // The agent answers first, so nothing of its own is in flight when the person takes over.
  await server.until(
    `/api/conversations/${first.conversationId}/messages`,
    (body) => body.data.messages.some((message) => message.sender === 'agent'),
    { what: 'a resposta do agente antes de a pessoa assumir' },
  );
  const takeover = await server.post(`/api/conversations/${first.conversationId}/takeover`);
  if (takeover.status !== 200)
    throw new Error(`assumir → ${takeover.status} ${JSON.stringify(takeover.body)}`);
  await server.customerWrites({ phone: other, name: 'Caio Lima', text: 'E o boleto?' });
  const held = await runOf(server, first.conversationId, rule.id);
  const quiet = 'mensagem não enviada: uma pessoa atende esta conversa';
  if (held.outcome !== 'done' || held.lines[0] !== expected[0] || held.lines[2] !== quiet)
    throw new Error(`registro da regra com uma pessoa: ${JSON.stringify(held)}`);
  const thread = await server.get(`/api/conversations/${first.conversationId}/messages`);
  const outbox = await server.get(`/api/simulator/outbox?phone=${other}`);
  const talkedOver = (text) => text?.startsWith('Olá, Caio!');
  if (
    thread.body.data.messages.some((message) => talkedOver(message.content)) ||
    outbox.body.data.some((item) => talkedOver(item.text))
  )
    throw new Error('a regra mandou mensagem numa conversa que uma pessoa atende');
  console.info(`${tag} regra "${rule.name}" com uma pessoa na conversa: ${held.lines.join('; ')}`);
}
