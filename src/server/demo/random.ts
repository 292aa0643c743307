/** The demo data's source of randomness is the domain's seeded generator. */
export { Rng } from '../domain/rng';
