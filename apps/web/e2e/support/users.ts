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
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`;
  return {
    fullName: "Ada Lovelace",
    userName: `${label}_${id}`,
    email: `${label}.${id}@example.com`,
    password: `Pw-${id}-secret`,
  };
}
