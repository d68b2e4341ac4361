import { ReplicaRoster } from '../../src/replicas';

describe('the gateway replicas heard on the bus', () => {
  test('When no other replica has been heard, Then this one counts itself alone; its own heartbeat does not count twice', () => {
    const roster = new ReplicaRoster('self');
    expect(roster.count(0)).toBe(1);
    roster.heard('self', 5000, 0);
    expect(roster.count(0)).toBe(1);
  });

  test('When others beat, Then each counts until it has missed three of its own intervals', () => {
    const roster = new ReplicaRoster('self');
    roster.heard('b', 5000, 0);
    roster.heard('c', 1000, 0);
    expect(roster.count(3000)).toBe(3);
    expect(roster.count(3001)).toBe(2); // c missed three of its 1 s beats
    roster.heard('b', 5000, 10_000);
    expect(roster.count(25_000)).toBe(2);
    expect(roster.count(25_001)).toBe(1);
  });

  test('When the bus drops, Then the others are forgotten: what was heard may be old', () => {
    const roster = new ReplicaRoster('self');
    roster.heard('b', 5000, 0);
    roster.clear();
    expect(roster.count(0)).toBe(1);
  });
});
