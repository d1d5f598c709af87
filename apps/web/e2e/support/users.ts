/** A player nobody has used yet: every test gets its own e-mail and username. */
export interface TestUser {
  fullName: string;
  userName: string;
  email: string;
  password: string;
}

let counter = 0;

export function newUser(label = "player"): TestUser {
  counter += 1;
  // Digits only: letters drawn at random can spell a word the rules for names refuse.
  const id = `${Date.now() % 100_000_000}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    fullName: "Ada Lovelace",
    userName: `${label}_${id}`,
    email: `${label}.${id}@example.com`,
    password: `Pw-${id}-secret`,
  };
}
