//! Language runtimes' standard generators, reproduced bit for bit with their
//! own draw methods: what a program in that language gets from its standard
//! library for a given seed.
//!
//! | GEN | type | runtime |
//! |---|---|---|
//! | `java` | [`java::JavaRandom`] | `java.util.Random` |
//! | `splittable-random` | [`java_splittable::SplittableRandom`] | `java.util.SplittableRandom` |
//! | `dotnet-legacy` | [`dotnet::DotnetRandom`] | seeded `System.Random` (.NET Framework, .NET, Mono) |
//!
//! Each GEN's tests (`tests/runtime_*.rs`) run the real runtime as the
//! oracle; `docs/runtimes-java-dotnet.md` is the user's guide.

pub mod dotnet;
pub mod fdlibm;
pub mod java;
pub mod java_splittable;
