// Every unit test gets a fresh, real IndexedDB implementation in memory (no mocks of Dexie itself).
import 'fake-indexeddb/auto';
