//! A game's use of the facade, end to end: pick the algorithm from config,
//! seed from the level name, roll loot and spawns, save, load, and check the
//! loaded game rolls exactly what the running one does.
//!
//! Run with `cargo run -p rngkit --example facade [ALGORITHM] [LEVEL]`.

use rngkit::facade::{Algorithm, AliasTable, DeterministicRng, RandomExt};

/// What a save file would hold.
struct SaveGame {
    level: String,
    rng: Vec<u8>,
}

#[derive(Debug, Clone, Copy)]
enum Rarity {
    Common,
    Rare,
    Epic,
    Legendary,
}

/// Everything the level generator rolls, kept in one place so that the
/// order of draws (and so the whole level) is fixed by the seed.
struct Dungeon {
    rng: DeterministicRng,
    loot: AliasTable,
}

impl Dungeon {
    const RARITIES: [Rarity; 4] = [
        Rarity::Common,
        Rarity::Rare,
        Rarity::Epic,
        Rarity::Legendary,
    ];

    fn new(rng: DeterministicRng) -> Self {
        // Built once, then every loot roll is O(1) whatever the table size.
        let loot = AliasTable::new(&[70.0, 22.0, 7.0, 1.0]).expect("valid drop rates");
        Dungeon { rng, loot }
    }

    fn roll_room(&mut self) -> String {
        let rng = &mut self.rng;
        let enemies = rng.range(1..=4);
        let kind = rng.pick(&["goblin", "skeleton", "slime", "bat"]);
        let [x, y] = rng.inside_unit_circle().map(|c| c * 10.0);
        let gold = rng.range(5u32..=50);
        let rarity = Self::RARITIES[self.loot.sample(rng)];
        let trapped = rng.chance(0.1);
        format!(
            "{enemies} x {kind:<8} at ({x:6.2}, {y:6.2})  {gold:>2} gold  {rarity:?}{}",
            if trapped { "  (trapped!)" } else { "" }
        )
    }
}

fn main() {
    if let Err(err) = run() {
        eprintln!("error: {err}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    // An unknown name is a clear error listing the valid ones.
    let algorithm: Algorithm = args.next().as_deref().unwrap_or("xoshiro256ss").parse()?;
    let level = args.next().unwrap_or_else(|| "crypt-of-ash".to_owned());

    // The same level name gives the same dungeon on every machine, forever.
    let mut dungeon = Dungeon::new(algorithm.seed_from_str(&level));
    println!("level {level:?} with {algorithm}:");
    for room in 0..3 {
        println!("  room {room}: {}", dungeon.roll_room());
    }

    // Save mid-level...
    let save = SaveGame {
        level: level.clone(),
        rng: dungeon.rng.snapshot(),
    };
    let expected: Vec<String> = (0..2).map(|_| dungeon.roll_room()).collect();

    // ...load later: the rolls continue exactly where they were.
    let mut loaded = Dungeon::new(DeterministicRng::restore(&save.rng)?);
    for (room, expected) in expected.iter().enumerate() {
        let again = loaded.roll_room();
        assert_eq!(&again, expected);
        println!(
            "  room {} (after load of {:?}): {again}",
            room + 3,
            save.level
        );
    }

    // A deck to deal from, and a random facing for the boss.
    let mut deck: Vec<u8> = (1..=10).collect();
    loaded.rng.shuffle(&mut deck);
    let facing = loaded.rng.rotation_uniform();
    println!("  boss deck {deck:?}, facing quaternion {facing:?}");
    Ok(())
}
