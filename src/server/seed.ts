import type { NewPet } from '../core/api/schemas';

/** Category ids of the demo data; the last one is beyond 2^53 to show that int64 ids stay exact. */
export const DEMO_CATEGORIES = {
  dogs: 1n,
  cats: 2n,
  birds: 3n,
  fish: 4n,
  reptiles: 5n,
  rare: 9007199254740993n,
};

const { dogs, cats, birds, fish, reptiles, rare } = DEMO_CATEGORIES;

/** A few dozen realistic pets in all three statuses, for demos and screenshots. */
export const DEMO_PETS: readonly NewPet[] = [
  { name: 'Biscuit', categoryId: dogs, status: 'available' },
  { name: 'Luna', categoryId: cats, status: 'available' },
  { name: 'Captain Feathers', categoryId: birds, status: 'pending' },
  { name: 'Nemo', categoryId: fish, status: 'sold' },
  { name: 'Pepper', categoryId: dogs, status: 'available' },
  { name: 'Mochi', categoryId: cats, status: 'pending' },
  { name: 'Sheldon', categoryId: reptiles, status: 'available' },
  { name: 'Rocky', categoryId: dogs, status: 'sold' },
  { name: 'Cleo', categoryId: cats, status: 'available' },
  { name: 'Kiwi', categoryId: birds, status: 'available' },
  { name: 'Bubbles', categoryId: fish, status: 'available' },
  { name: 'Maple', categoryId: dogs, status: 'pending' },
  { name: 'Oliver', categoryId: cats, status: 'sold' },
  { name: 'Spike', categoryId: reptiles, status: 'pending' },
  { name: 'Daisy', categoryId: dogs, status: 'available' },
  { name: 'Simba', categoryId: cats, status: 'available' },
  { name: 'Sunny', categoryId: birds, status: 'sold' },
  { name: 'Goldie', categoryId: fish, status: 'pending' },
  { name: 'Bailey', categoryId: dogs, status: 'available' },
  { name: 'Nala', categoryId: cats, status: 'pending' },
  { name: 'Iggy', categoryId: reptiles, status: 'sold' },
  { name: 'Cooper', categoryId: dogs, status: 'available' },
  { name: 'Willow', categoryId: cats, status: 'available' },
  { name: 'Mango', categoryId: birds, status: 'available' },
  { name: 'Finn', categoryId: fish, status: 'sold' },
  { name: 'Hazel', categoryId: dogs, status: 'pending' },
  { name: 'Jasper', categoryId: cats, status: 'available' },
  { name: 'Ziggy', categoryId: reptiles, status: 'available' },
  { name: 'Teddy', categoryId: dogs, status: 'sold' },
  { name: 'Pumpkin', categoryId: cats, status: 'available' },
  { name: 'Blue', categoryId: birds, status: 'pending' },
  { name: 'Coral', categoryId: fish, status: 'available' },
  { name: 'Axel the Axolotl', categoryId: rare, status: 'available' },
  { name: 'Stardust', categoryId: rare, status: 'pending' },
];
