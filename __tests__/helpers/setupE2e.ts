// Browser journeys drive whole tryouts against a real server: two minutes each unless a file says otherwise.
jest.setTimeout(120_000);
