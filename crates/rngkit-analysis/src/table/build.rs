//! Building a table: the first raw word of every seed (the search's lanes,
//! on every core), a counting sort on its top bits, and the file written
//! under a temporary name and renamed when it is whole.

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rngkit::cpu::CpuLevel;

use super::format::{BLOCK_BYTES, HEADER_LEN, Header, hash};
use super::keys::first_words;
use super::{KeyDraw, TableError, key_draw};
use crate::observe::Described;
use crate::progress::Progress;

/// The most seeds one table file holds: building holds 12 bytes a seed in
/// memory (12 GiB here); larger ranges are built as shards.
pub const MAX_SEEDS: u64 = 1 << 30;

/// Seeds a worker takes at a time.
const CHUNK: usize = 1 << 16;

/// What to build: a GEN's key draw over a seed range.
#[derive(Clone, Debug)]
pub struct BuildSpec {
    key: KeyDraw,
    seeds: RangeInclusive<u64>,
    threads: usize,
    backend: Option<CpuLevel>,
}

impl BuildSpec {
    /// A table of `entry`'s GEN over `seeds` (32-bit seed patterns),
    /// keyed on `draw` (the GEN's default when `None`), on every core.
    ///
    /// # Errors
    /// One line when the GEN or draw has no table, or the range is empty,
    /// passes 2^32 or holds more than [`MAX_SEEDS`].
    pub fn new<G: Described + ?Sized>(
        entry: &G,
        seeds: RangeInclusive<u64>,
        draw: Option<&str>,
    ) -> Result<BuildSpec, String> {
        let key = key_draw(entry.description().name(), draw)?;
        if seeds.is_empty() || *seeds.end() > u64::from(u32::MAX) {
            return Err(format!(
                "a {} table takes 32-bit seeds: {}..={} is not a nonempty range of them",
                key.generator,
                seeds.start(),
                seeds.end()
            ));
        }
        let count = seeds.end() - seeds.start() + 1;
        if count > MAX_SEEDS {
            return Err(format!(
                "{count} seeds is more than one table holds (at most 2^30: building holds 12 bytes a seed in memory); build the range as shards of 2^28 seeds ({}..{}, and on) and query them together",
                seeds.start(),
                seeds.start() + (1 << 28)
            ));
        }
        Ok(BuildSpec {
            key,
            seeds,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            backend: None,
        })
    }

    /// Worker threads (at least one).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Forces the kernel level (tests); [`CpuLevel::best`] otherwise.
    pub fn backend(mut self, level: CpuLevel) -> Self {
        self.backend = Some(level);
        self
    }

    /// The key draw.
    pub fn key(&self) -> KeyDraw {
        self.key
    }

    /// How many seeds.
    pub fn count(&self) -> u64 {
        self.seeds.end() - self.seeds.start() + 1
    }
}

/// A finished build: the header written and where the time went.
#[derive(Clone, Debug)]
pub struct Built {
    /// The table's header.
    pub header: Header,
    /// Seconds computing the first words (the search's kernels, all threads).
    pub keys_seconds: f64,
    /// Seconds in the counting sort (one thread).
    pub sort_seconds: f64,
    /// Seconds writing, hashing and syncing the file.
    pub write_seconds: f64,
}

/// The bucket bits for `count` seeds: about 16 seeds a bucket, at most the
/// key's bits.
fn bucket_bits(count: u64, key_bits: u32) -> u32 {
    (63 - count.leading_zeros()).saturating_sub(4).min(key_bits)
}

/// Builds the table of `spec` into `path` (written as `path.partial` and
/// renamed when whole, so an interrupted build leaves no table behind);
/// `progress` counts seeds. Memory: 12 bytes a seed at the peak.
///
/// # Errors
/// [`TableError::Io`] when the file cannot be written, or
/// [`TableError::Bad`] when a forced kernel level does not run here.
pub fn build(spec: &BuildSpec, path: &Path, progress: &Progress) -> Result<Built, TableError> {
    let level = spec.backend.unwrap_or_else(CpuLevel::best);
    if !level.is_supported() {
        return Err(TableError::Bad(format!(
            "the {level:?} kernel is not available on this CPU"
        )));
    }
    let count = spec.count();
    let first = *spec.seeds.start();
    let bits = bucket_bits(count, spec.key.key_bits);
    progress.add_total(count, "seeds");

    let started = std::time::Instant::now();
    // Each seed's bucket: the top `bits` bits of its first raw word.
    let mut keys = vec![0u32; count as usize];
    {
        let work = Mutex::new(keys.chunks_mut(CHUNK).enumerate());
        std::thread::scope(|scope| {
            for _ in 0..spec.threads {
                scope.spawn(|| {
                    let mut words = Vec::with_capacity(CHUNK);
                    // The guard is dropped inside `map_or`: one chunk taken a lock.
                    while let Some((i, slice)) = work.lock().map_or(None, |mut w| w.next()) {
                        words.clear();
                        let start = first + (i * CHUNK) as u64;
                        first_words(
                            spec.key.seeding,
                            level,
                            start as u32,
                            slice.len() as u32,
                            &mut words,
                        );
                        for (k, w) in slice.iter_mut().zip(&words) {
                            *k = if bits == 0 {
                                0
                            } else {
                                (*w >> (32 - bits)) as u32
                            };
                        }
                        progress.advance(slice.len() as u64);
                    }
                });
            }
        });
    }

    let keys_seconds = started.elapsed().as_secs_f64();
    let started = std::time::Instant::now();
    let (index, entries) = sort(keys, bits, spec.threads);
    let sort_seconds = started.elapsed().as_secs_f64();
    let started = std::time::Instant::now();

    let index_offset = HEADER_LEN as u64;
    let entries_offset = index_offset + index.len() as u64 * 8;
    let checksums_offset = entries_offset + count * 4;
    let body = checksums_offset - index_offset;
    let mut header = Header {
        generator: spec.key.generator.to_string(),
        draw: spec.key.draw.to_string(),
        first,
        count,
        key_bits: spec.key.key_bits,
        bucket_bits: bits,
        block_bytes: BLOCK_BYTES,
        index_offset,
        entries_offset,
        checksums_offset,
        block_count: body.div_ceil(BLOCK_BYTES),
        checksums_hash: 0,
    };
    let partial = partial_path(path);
    let io = |e: std::io::Error| TableError::Io(format!("cannot write {}: {e}", partial.display()));
    let written = (|| -> std::io::Result<()> {
        let file = File::create(&partial)?;
        let mut out = BlockWriter::new(BufWriter::with_capacity(1 << 20, file));
        out.inner.write_all(&[0u8; HEADER_LEN])?;
        for chunk in index.chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|v| v.to_le_bytes()).collect();
            out.write(&bytes)?;
        }
        for chunk in entries.chunks(1 << 18) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|v| v.to_le_bytes()).collect();
            out.write(&bytes)?;
        }
        let sums = out.finish()?;
        header.checksums_hash = hash(&sums);
        out.inner.write_all(&sums)?;
        let mut file = out.inner.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&header.to_bytes())?;
        file.sync_all()?;
        Ok(())
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&partial);
        return Err(io(e));
    }
    std::fs::rename(&partial, path).map_err(|e| {
        TableError::Io(format!(
            "cannot rename {} to {}: {e}",
            partial.display(),
            path.display()
        ))
    })?;
    Ok(Built {
        header,
        keys_seconds,
        sort_seconds,
        write_seconds: started.elapsed().as_secs_f64(),
    })
}

/// Bits of the bucket number that pick a partition in [`sort`].
const PARTITION_BITS: u32 = 8;

/// The seeds' offsets bucket by bucket (ascending in each) and the index
/// of where each bucket starts, from each offset's bucket `keys[offset]`
/// (`bits` bits). Two stable counting passes, so that neither writes all
/// over memory: the top 8 bits of the bucket number first (256 streams of
/// `(bucket, offset)` pairs), then each partition on its own, in parallel
/// (its buckets' counters fit in cache). One pass over 2^28 seeds took 35 s
/// here, these two take a few. Memory: 12 bytes a seed at the peak.
fn sort(keys: Vec<u32>, bits: u32, threads: usize) -> (Vec<u64>, Vec<u32>) {
    let count = keys.len();
    let p_bits = bits.min(PARTITION_BITS);
    let low = bits - p_bits;
    let parts = 1usize << p_bits;
    let mut starts = vec![0usize; parts + 1];
    for &k in &keys {
        starts[(k >> low) as usize + 1] += 1;
    }
    for p in 0..parts {
        starts[p + 1] += starts[p];
    }
    let mut fill = starts.clone();
    let mut pairs = vec![0u64; count];
    for (offset, &k) in keys.iter().enumerate() {
        let at = &mut fill[(k >> low) as usize];
        pairs[*at] = u64::from(k) << 32 | offset as u64;
        *at += 1;
    }
    drop(keys);

    let buckets = 1usize << bits;
    let per_part = 1usize << low;
    let mut index = vec![0u64; buckets + 1];
    index[buckets] = count as u64;
    let mut entries = vec![0u32; count];
    {
        // Each partition's pairs, its entries and its buckets' index slots.
        let mut work = Vec::with_capacity(parts);
        let mut pairs_rest: &[u64] = &pairs;
        let mut entries_rest: &mut [u32] = &mut entries;
        let mut index_rest: &mut [u64] = &mut index[..buckets];
        for p in 0..parts {
            let n = starts[p + 1] - starts[p];
            let (pp, pr) = pairs_rest.split_at(n);
            let (ep, er) = std::mem::take(&mut entries_rest).split_at_mut(n);
            let (ip, ir) = std::mem::take(&mut index_rest).split_at_mut(per_part);
            work.push((starts[p] as u64, pp, ep, ip));
            pairs_rest = pr;
            entries_rest = er;
            index_rest = ir;
        }
        let work = Mutex::new(work.into_iter());
        let mask = (per_part - 1) as u64;
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut counts = vec![0usize; per_part + 1];
                    // The guard is dropped inside `map_or`: one partition a lock.
                    while let Some((base, pairs, entries, index)) =
                        work.lock().map_or(None, |mut w| w.next())
                    {
                        counts.iter_mut().for_each(|c| *c = 0);
                        for &pair in pairs {
                            counts[((pair >> 32) & mask) as usize + 1] += 1;
                        }
                        for b in 0..per_part {
                            counts[b + 1] += counts[b];
                        }
                        for (slot, c) in index.iter_mut().zip(&counts) {
                            *slot = base + *c as u64;
                        }
                        for &pair in pairs {
                            let at = &mut counts[((pair >> 32) & mask) as usize];
                            entries[*at] = pair as u32;
                            *at += 1;
                        }
                    }
                });
            }
        });
    }
    (index, entries)
}

/// `FILE.partial`: where a build writes until it is done.
fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Writes the body and hashes it block by block.
struct BlockWriter<W: Write> {
    inner: W,
    block: Vec<u8>,
    sums: Vec<u8>,
}

impl<W: Write> BlockWriter<W> {
    fn new(inner: W) -> Self {
        BlockWriter {
            inner,
            block: Vec::with_capacity(BLOCK_BYTES as usize),
            sums: Vec::new(),
        }
    }

    fn write(&mut self, mut bytes: &[u8]) -> std::io::Result<()> {
        while !bytes.is_empty() {
            let room = BLOCK_BYTES as usize - self.block.len();
            let n = room.min(bytes.len());
            self.block.extend_from_slice(&bytes[..n]);
            bytes = &bytes[n..];
            if self.block.len() == BLOCK_BYTES as usize {
                self.flush_block()?;
            }
        }
        Ok(())
    }

    fn flush_block(&mut self) -> std::io::Result<()> {
        self.sums
            .extend_from_slice(&hash(&self.block).to_le_bytes());
        self.inner.write_all(&self.block)?;
        self.block.clear();
        Ok(())
    }

    /// Hashes the last, shorter block; the checksum table.
    fn finish(&mut self) -> std::io::Result<Vec<u8>> {
        if !self.block.is_empty() {
            self.flush_block()?;
        }
        Ok(std::mem::take(&mut self.sums))
    }
}
