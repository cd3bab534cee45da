import type { Random } from './prng.js';

const FIRST_NAMES = [
  'Ana',
  'Beatriz',
  'Camila',
  'Daniela',
  'Eduarda',
  'Fernanda',
  'Gabriela',
  'Helena',
  'Isabela',
  'Juliana',
  'Larissa',
  'Mariana',
  'Natália',
  'Patrícia',
  'Rafaela',
  'Sofia',
  'Tatiane',
  'Valentina',
  'Vitória',
  'Yasmin',
  'Aline',
  'Bruna',
  'Carolina',
  'Débora',
  'Elaine',
  'Flávia',
  'Giovana',
  'Lívia',
  'Luana',
  'Manuela',
  'André',
  'Bruno',
  'Carlos',
  'Diego',
  'Eduardo',
  'Felipe',
  'Gabriel',
  'Gustavo',
  'Henrique',
  'Igor',
  'João',
  'Lucas',
  'Marcelo',
  'Matheus',
  'Nicolas',
  'Otávio',
  'Paulo',
  'Rafael',
  'Rodrigo',
  'Thiago',
  'Vinícius',
  'Leonardo',
  'Pedro',
  'Ricardo',
  'Sérgio',
  'Fábio',
  'Márcio',
  'Renato',
  'Caio',
  'Davi',
] as const;

const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Cavalcanti',
  'Pinto',
  'Monteiro',
  'Moura',
] as const;

/** Area codes weighted towards the store's region (Belo Horizonte) and the big capitals. */
const AREA_CODES = [31, 11, 21, 31, 41, 51, 61, 71, 81, 85, 19, 27, 34, 62, 48, 31, 11] as const;
const EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br'] as const;

export interface DemoPerson {
  name: string;
  /** E.164 digits without `+`, e.g. `5531987654321` (what the channel delivers). */
  phone: string;
  email: string | null;
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** `count` distinct people with Brazilian names and unique mobile numbers. */
export function demoPeople(random: Random, count: number): DemoPerson[] {
  const phones = new Set<string>();
  const people: DemoPerson[] = [];
  while (people.length < count) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const name = random.chance(0.25) ? `${first} ${random.pick(LAST_NAMES)} ${last}` : `${first} ${last}`;
    const phone = `55${random.pick(AREA_CODES)}9${random.int(6000, 9999)}${String(random.int(0, 9999)).padStart(4, '0')}`;
    if (phones.has(phone)) continue;
    phones.add(phone);
    const email = random.chance(0.55)
      ? `${ascii(first)}.${ascii(last)}${random.int(1, 99)}@${random.pick(EMAIL_DOMAINS)}`
      : null;
    people.push({ name, phone, email });
  }
  return people;
}
