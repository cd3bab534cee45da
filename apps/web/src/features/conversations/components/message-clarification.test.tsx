import type { Message } from '@atende/contracts';
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { clarificationLinks } from '../lib/clarification-links';
import { MessageClarification } from './message-clarification';

const base: Omit<Message, 'id' | 'content' | 'clarification'> = {
  conversationId: 'c1',
  sender: 'agent',
  type: 'text',
  timestamp: '2026-11-26T12:00:00.000Z',
  aiGenerated: true,
  confidenceScore: 0.46,
  mediaUrl: null,
  mediaMimeType: null,
  replyTo: null,
  reactions: {},
  status: 'delivered',
  authorName: null,
  evidence: [],
};
const question: Message = {
  ...base,
  id: 'q1',
  content: 'Quero ter certeza de que entendi…',
  clarification: {
    kind: 'question',
    questionMessageId: 'm0',
    options: [
      { id: 'm0:1', title: 'Posso emitir nota fiscal com CNPJ?', passageId: 'nf/cnpj', confidence: 0.46 },
      { id: 'm0:2', title: 'Como consigo a nota fiscal?', passageId: 'nf/como', confidence: 0.31 },
      { id: 'm0:atendente', title: 'Falar com um atendente', passageId: null, confidence: null },
    ],
  },
};
const answer: Message = {
  ...base,
  id: 'a1',
  content: 'A nota fiscal é enviada por e-mail…',
  timestamp: '2026-11-26T12:01:00.000Z',
  clarification: {
    kind: 'resolution',
    clarificationMessageId: 'q1',
    outcome: 'answered',
    optionId: 'm0:2',
    pickedBy: 'number',
  },
};

it('shows the topics offered with their confidences, waiting for the pick', () => {
  render(<MessageClarification message={question} />);
  const block = screen.getByTestId('message-clarification');
  expect(within(block).getByText('Pergunta de esclarecimento')).toBeTruthy();
  const items = within(block).getAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual([
    '1. Posso emitir nota fiscal com CNPJ?46%',
    '2. Como consigo a nota fiscal?31%',
    '3. Falar com um atendente—',
  ]);
  expect(within(block).getByText('Aguardando a escolha do cliente.')).toBeTruthy();
});

it('marks the option the customer picked, and how, once the agent answered it', () => {
  const links = clarificationLinks([question, { ...base, id: 'c2', sender: 'client', content: '2' }, answer]);
  render(<MessageClarification message={question} linked={links.get('q1')} />);
  const picked = screen.getAllByRole('listitem').filter((li) => li.dataset.picked);
  expect(picked.map((li) => li.textContent)).toEqual([
    '2. Como consigo a nota fiscal? · escolhida pelo número31%',
  ]);
  expect(screen.getByText('Respondida com o assunto escolhido.')).toBeTruthy();
});

it('says on the answer which topic the customer picked', () => {
  const links = clarificationLinks([question, answer]);
  render(<MessageClarification message={answer} linked={links.get('a1')} />);
  expect(screen.getByTestId('message-clarification').textContent).toBe(
    'Após esclarecimento: o cliente escolheu “Como consigo a nota fiscal?” pelo número.',
  );
});

it('shows nothing on an ordinary message', () => {
  const { container } = render(<MessageClarification message={{ ...answer, clarification: null }} />);
  expect(container.textContent).toBe('');
});
