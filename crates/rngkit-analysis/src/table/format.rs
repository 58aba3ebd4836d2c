//! The seed table file, all integers little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 0..256 | the header ([`Header`]): magic `RNGKITTB`, format version, header length, GEN, draw, first seed, seed count, key bits, bucket bits, block size, the offsets of the parts, the block count, the hash of the checksum table, and last the hash of the header's first 248 bytes |
//! | index | `2^bucket_bits + 1` u64: where each bucket's seeds start in the entries, then their count |
//! | entries | one u32 a seed, `seed - first`, bucket by bucket, ascending in each |
//! | checksums | one u64 a block: the hash of each `block_bytes` piece of the index and entries together (the last piece shorter) |
//!
//! [`Table::open`] checks, in this order, the magic, the version, the
//! header's hash, the file's length, the checksum table's hash and then
//! every block (streamed, 1 MiB at a time), so a flipped byte anywhere is
//! refused before a query reads a seed: each block's hash changes whenever
//! one 8-byte word of it changes (every step of [`hash`] is a bijection of
//! the state for a fixed word and of the word for a fixed state), and a
//! change in several words goes unseen with probability about 2^-64.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::TableError;

/// The first 8 bytes of every seed table.
pub const MAGIC: &[u8; 8] = b"RNGKITTB";
/// The format version this build writes and reads.
pub const VERSION: u32 = 1;
/// The header's length in bytes.
pub const HEADER_LEN: usize = 256;
/// The bytes a block's checksum covers.
pub const BLOCK_BYTES: u64 = 1 << 20;
const GEN_LEN: usize = 32;
const DRAW_LEN: usize = 48;

/// What a table's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The GEN.
    pub generator: String,
    /// The draw the table is keyed on.
    pub draw: String,
    /// The first seed (a bit pattern, as the search takes seeds).
    pub first: u64,
    /// How many seeds, from `first` on.
    pub count: u64,
    /// The top bits of the first raw word that the draw reveals.
    pub key_bits: u32,
    /// The top bits of the first raw word that pick a bucket.
    pub bucket_bits: u32,
    /// The bytes a block's checksum covers.
    pub block_bytes: u64,
    /// Where the bucket index starts.
    pub index_offset: u64,
    /// Where the entries start.
    pub entries_offset: u64,
    /// Where the checksum table starts.
    pub checksums_offset: u64,
    /// How many blocks (and checksums).
    pub block_count: u64,
    /// The hash of the checksum table.
    pub checksums_hash: u64,
}

impl Header {
    /// The last seed.
    pub fn last(&self) -> u64 {
        self.first + (self.count - 1)
    }

    /// The file's length.
    pub fn file_len(&self) -> u64 {
        self.checksums_offset + 8 * self.block_count
    }

    /// The command that rebuilds this table.
    pub fn rebuild(&self, path: &Path) -> String {
        format!(
            "rngkit table build {} --seeds {}..={} --draw '{}' -o {}",
            self.generator,
            self.first,
            self.last(),
            self.draw,
            path.display()
        )
    }

    /// The header's 256 bytes, its own hash last.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut b = [0u8; HEADER_LEN];
        b[0..8].copy_from_slice(MAGIC);
        b[8..12].copy_from_slice(&VERSION.to_le_bytes());
        b[12..16].copy_from_slice(&(HEADER_LEN as u32).to_le_bytes());
        put_text(&mut b[16..16 + GEN_LEN], &self.generator);
        put_text(&mut b[48..48 + DRAW_LEN], &self.draw);
        let words = [
            self.first,
            self.count,
            u64::from(self.key_bits) | u64::from(self.bucket_bits) << 32,
            self.block_bytes,
            self.index_offset,
            self.entries_offset,
            self.checksums_offset,
            self.block_count,
            self.checksums_hash,
        ];
        for (i, w) in words.iter().enumerate() {
            b[96 + 8 * i..104 + 8 * i].copy_from_slice(&w.to_le_bytes());
        }
        let h = hash(&b[..HEADER_LEN - 8]);
        b[HEADER_LEN - 8..].copy_from_slice(&h.to_le_bytes());
        b
    }

    /// Reads a header, checking its magic, version and hash.
    fn from_bytes(b: &[u8; HEADER_LEN], path: &Path) -> Result<Header, TableError> {
        let shown = path.display();
        if &b[0..8] != MAGIC {
            return Err(TableError::Bad(format!(
                "{shown} is not an rngkit seed table (no RNGKITTB magic); build one with `rngkit table build GEN --seeds A..B -o FILE`"
            )));
        }
        let version = u32::from_le_bytes(b[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            let age = if version < VERSION {
                "an older"
            } else {
                "a newer"
            };
            return Err(TableError::Bad(format!(
                "{shown} is a seed table of {age} format version ({version}; this rngkit reads version {VERSION}): rebuild it with `rngkit table build GEN --seeds A..B -o FILE`"
            )));
        }
        let stored = u64::from_le_bytes(b[HEADER_LEN - 8..].try_into().expect("8 bytes"));
        if hash(&b[..HEADER_LEN - 8]) != stored {
            return Err(TableError::Bad(format!(
                "{shown} is corrupted (its header fails its checksum): rebuild it with `rngkit table build GEN --seeds A..B -o FILE`"
            )));
        }
        let word =
            |i: usize| u64::from_le_bytes(b[96 + 8 * i..104 + 8 * i].try_into().expect("8 bytes"));
        Ok(Header {
            generator: get_text(&b[16..16 + GEN_LEN]),
            draw: get_text(&b[48..48 + DRAW_LEN]),
            first: word(0),
            count: word(1),
            key_bits: word(2) as u32,
            bucket_bits: (word(2) >> 32) as u32,
            block_bytes: word(3),
            index_offset: word(4),
            entries_offset: word(5),
            checksums_offset: word(6),
            block_count: word(7),
            checksums_hash: word(8),
        })
    }
}

fn put_text(dst: &mut [u8], text: &str) {
    let n = text.len().min(dst.len());
    dst[..n].copy_from_slice(&text.as_bytes()[..n]);
}

fn get_text(src: &[u8]) -> String {
    let end = src.iter().position(|&c| c == 0).unwrap_or(src.len());
    String::from_utf8_lossy(&src[..end]).into_owned()
}

const MUL: u64 = 0x9e37_79b9_7f4a_7c15;

/// The checksum of a block: four independent lanes over 8-byte words
/// (`h = rotl((h ^ w) * MUL, 29)`, each step a bijection in `h` and in
/// `w`), folded with the length the same way. Written for this format, not
/// a published hash.
///
/// ```
/// use rngkit_analysis::table::format::hash;
/// let block = vec![7u8; 100];
/// let mut flipped = block.clone();
/// flipped[63] ^= 0x10;
/// assert_ne!(hash(&block), hash(&flipped));
/// assert_ne!(hash(&block), hash(&block[..99]));
/// ```
pub fn hash(bytes: &[u8]) -> u64 {
    let step = |h: u64, w: u64| (h ^ w).wrapping_mul(MUL).rotate_left(29);
    let mut lanes = [1u64, 2, 3, 4];
    let mut chunks = bytes.chunks_exact(32);
    for c in &mut chunks {
        for (j, lane) in lanes.iter_mut().enumerate() {
            let w = u64::from_le_bytes(c[8 * j..8 * j + 8].try_into().expect("8 bytes"));
            *lane = step(*lane, w);
        }
    }
    let rest = chunks.remainder();
    for (j, piece) in rest.chunks(8).enumerate() {
        let mut w = [0u8; 8];
        w[..piece.len()].copy_from_slice(piece);
        lanes[j] = step(lanes[j], u64::from_le_bytes(w));
    }
    let mut h = step(0, bytes.len() as u64);
    for lane in lanes {
        h = step(h, lane);
    }
    h
}

/// How much of a table [`Table::open_with`] checks before a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Check {
    /// The header, the checksum table and every block, streamed through
    /// the hash at open (any flipped byte is refused; about a third of a
    /// second a GiB here).
    #[default]
    Full,
    /// The header and the checksum table at open, and each block a query
    /// reads before it is used: every byte an answer rests on is checked
    /// (never a wrong seed), in milliseconds on any size, but a flipped
    /// byte in a block no query reads goes unseen.
    Touched,
}

/// An open, checked seed table; queries read its buckets from the file.
#[derive(Debug)]
pub struct Table {
    file: File,
    path: PathBuf,
    header: Header,
    check: Check,
    sums: Vec<u8>,
}

impl Table {
    /// Opens and checks a table (header, length, every block's checksum).
    ///
    /// # Errors
    /// [`TableError::Io`] when it cannot be read, [`TableError::Bad`]
    /// naming what is wrong with it (not a table, another format version,
    /// truncated, corrupted) and how to rebuild it.
    pub fn open(path: &Path) -> Result<Table, TableError> {
        Table::open_with(path, Check::Full)
    }

    /// Opens a table, checking it as `check` says.
    ///
    /// # Errors
    /// As [`Table::open`].
    pub fn open_with(path: &Path, check: Check) -> Result<Table, TableError> {
        let io = |e: std::io::Error| TableError::Io(format!("cannot read {}: {e}", path.display()));
        let mut file = File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let mut head = [0u8; HEADER_LEN];
        if len < HEADER_LEN as u64 {
            let n = file.read(&mut head).map_err(io)?;
            if n < MAGIC.len() || &head[..8] != MAGIC {
                // Not even a magic: say it is not a table.
                return Err(Header::from_bytes(&head, path).expect_err("no magic"));
            }
            return Err(TableError::Bad(format!(
                "{} is truncated ({len} bytes, shorter than its header): rebuild it with `rngkit table build GEN --seeds A..B -o FILE`",
                path.display()
            )));
        }
        file.read_exact(&mut head).map_err(io)?;
        let header = Header::from_bytes(&head, path)?;
        let mut table = Table {
            file,
            path: path.to_path_buf(),
            header,
            check,
            sums: Vec::new(),
        };
        table.check_shape(len)?;
        table.check_sums()?;
        if check == Check::Full {
            table.check_blocks()?;
        }
        Ok(table)
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn bad(&self, what: String) -> TableError {
        TableError::Bad(format!(
            "{} is {what}: rebuild it with `{}`",
            self.path.display(),
            self.header.rebuild(&self.path)
        ))
    }

    /// The parts' offsets agree with the parameters and the file's length.
    fn check_shape(&self, len: u64) -> Result<(), TableError> {
        let h = &self.header;
        let index_len = ((1u64 << h.bucket_bits.min(40)) + 1) * 8;
        let body = index_len + h.count * 4;
        let shape_ok = h.count >= 1
            && h.count <= 1 << 32
            && h.first.checked_add(h.count - 1).is_some()
            && h.bucket_bits <= h.key_bits
            && h.key_bits <= 32
            && h.block_bytes >= 8
            && h.index_offset == HEADER_LEN as u64
            && h.entries_offset == h.index_offset + index_len
            && h.checksums_offset == h.index_offset + body
            && h.block_count == body.div_ceil(h.block_bytes);
        if !shape_ok {
            return Err(self.bad("corrupted (its header's layout is inconsistent)".into()));
        }
        if len < h.file_len() {
            return Err(self.bad(format!("truncated ({len} bytes of {})", h.file_len())));
        }
        if len > h.file_len() {
            return Err(self.bad(format!(
                "corrupted ({len} bytes, {} more than its header says)",
                len - h.file_len()
            )));
        }
        Ok(())
    }

    /// The checksum table against the header; kept for the blocks.
    fn check_sums(&mut self) -> Result<(), TableError> {
        let h = &self.header;
        let mut sums = vec![0u8; (h.block_count * 8) as usize];
        self.read_at(h.checksums_offset, &mut sums)
            .map_err(|e| TableError::Io(format!("cannot read {}: {e}", self.path.display())))?;
        if hash(&sums) != h.checksums_hash {
            return Err(self.bad("corrupted (its checksum table fails its checksum)".into()));
        }
        self.sums = sums;
        Ok(())
    }

    /// Block `i`'s stored checksum.
    fn sum(&self, i: u64) -> u64 {
        let at = 8 * i as usize;
        u64::from_le_bytes(self.sums[at..at + 8].try_into().expect("8 bytes"))
    }

    /// Every block against its checksum, streamed.
    fn check_blocks(&self) -> Result<(), TableError> {
        let h = &self.header;
        let io =
            |e: std::io::Error| TableError::Io(format!("cannot read {}: {e}", self.path.display()));
        let mut file = &self.file;
        file.seek(SeekFrom::Start(h.index_offset)).map_err(io)?;
        let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
        let body = h.checksums_offset - h.index_offset;
        let mut block = vec![0u8; h.block_bytes as usize];
        for i in 0..h.block_count {
            let n = (body - i * h.block_bytes).min(h.block_bytes) as usize;
            reader.read_exact(&mut block[..n]).map_err(io)?;
            if hash(&block[..n]) != self.sum(i) {
                return Err(self.bad(format!(
                    "corrupted (block {i} of {} fails its checksum)",
                    h.block_count
                )));
            }
        }
        Ok(())
    }

    /// Reads `buf.len()` bytes of the body at `offset`; under
    /// [`Check::Touched`] each block they lie in is read whole and checked
    /// first.
    fn read_checked(&self, offset: u64, buf: &mut [u8]) -> Result<(), TableError> {
        let io =
            |e: std::io::Error| TableError::Io(format!("cannot read {}: {e}", self.path.display()));
        if self.check == Check::Full || buf.is_empty() {
            return self.read_at(offset, buf).map_err(io);
        }
        let h = &self.header;
        let body = h.checksums_offset - h.index_offset;
        let (from, to) = (
            offset - h.index_offset,
            offset - h.index_offset + buf.len() as u64,
        );
        let mut block = vec![0u8; h.block_bytes as usize];
        for i in from / h.block_bytes..=(to - 1) / h.block_bytes {
            let start = i * h.block_bytes;
            let n = (body - start).min(h.block_bytes) as usize;
            self.read_at(h.index_offset + start, &mut block[..n])
                .map_err(io)?;
            if hash(&block[..n]) != self.sum(i) {
                return Err(self.bad(format!(
                    "corrupted (block {i} of {} fails its checksum)",
                    h.block_count
                )));
            }
            // The part of `buf` this block holds.
            let lo = from.max(start);
            let hi = to.min(start + n as u64);
            buf[(lo - from) as usize..(hi - from) as usize]
                .copy_from_slice(&block[(lo - start) as usize..(hi - start) as usize]);
        }
        Ok(())
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let mut file = &self.file;
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }

    /// The seeds of bucket `b` (the top `bucket_bits` bits of the first raw
    /// word), ascending.
    ///
    /// # Errors
    /// [`TableError::Io`] when the file cannot be read.
    pub fn bucket(&self, b: u64) -> Result<Vec<u64>, TableError> {
        let h = &self.header;
        if b >= 1 << h.bucket_bits {
            return Err(TableError::Bad(format!(
                "bucket {b} is past the {} of {}",
                1u64 << h.bucket_bits,
                self.path.display()
            )));
        }
        let mut bounds = [0u8; 16];
        self.read_checked(h.index_offset + 8 * b, &mut bounds)?;
        let from = u64::from_le_bytes(bounds[..8].try_into().expect("8 bytes"));
        let to = u64::from_le_bytes(bounds[8..].try_into().expect("8 bytes"));
        if from > to || to > h.count {
            return Err(self.bad("corrupted (a bucket's bounds are out of range)".into()));
        }
        let mut raw = vec![0u8; ((to - from) * 4) as usize];
        self.read_checked(h.entries_offset + 4 * from, &mut raw)?;
        Ok(raw
            .chunks_exact(4)
            .map(|c| h.first + u64::from(u32::from_le_bytes(c.try_into().expect("4 bytes"))))
            .collect())
    }
}
