import { STORAGE_KEYS } from '@atende/contracts';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage access; failures are logged as warnings only. */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      console.warn(`Falha ao ler ${key} do armazenamento local`, error);
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch (error) {
      console.warn(`Falha ao gravar ${key} no armazenamento local`, error);
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(key);
    } catch (error) {
      console.warn(`Falha ao remover ${key} do armazenamento local`, error);
    }
  },
};

export const getToken = () => storage.get(STORAGE_KEYS.authToken);
export const setToken = (token: string) => storage.set(STORAGE_KEYS.authToken, token);
export const clearToken = () => storage.remove(STORAGE_KEYS.authToken);
