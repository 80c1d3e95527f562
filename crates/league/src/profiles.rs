//! Player profiles: a name, a colour, rating points and a record of games.

use crate::rating::level_of;
use serde::{Deserialize, Serialize};

/// A profile's stable id ("p1", "p2", …; never reused).
pub type ProfileId = String;

/// The longest profile name, in characters (as long as a record's names).
pub const MAX_PROFILE_NAME: usize = starhop_engine::record::MAX_NAME_CHARS;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub id: ProfileId,
    pub name: String,
    /// sRGB.
    pub colour: [u8; 3],
    /// Local date it was created ("2026-11-30").
    pub created: String,
    pub points: i32,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games this player finished (all marbles home), and their own moves in them.
    pub finished: u32,
    pub finish_moves: u32,
}

impl Profile {
    /// A profile that has played nothing yet.
    pub fn new(id: ProfileId, name: String, colour: [u8; 3], created: &str) -> Profile {
        Profile {
            id,
            name,
            colour,
            created: created.into(),
            points: 0,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            finished: 0,
            finish_moves: 0,
        }
    }

    pub fn level(&self) -> u32 {
        level_of(self.points)
    }

    /// Average own moves to finish, over the games finished.
    pub fn average_moves(&self) -> Option<f32> {
        (self.finished > 0).then(|| self.finish_moves as f32 / self.finished as f32)
    }
}

/// All profiles.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Profiles {
    pub list: Vec<Profile>,
    /// The number of the next id.
    pub next: u64,
}

/// Cleans a name typed by a player: trimmed, at most [`MAX_PROFILE_NAME`] characters.
pub fn clean_name(name: &str) -> Result<String, String> {
    let name: String = name.trim().chars().take(MAX_PROFILE_NAME).collect();
    if name.is_empty() {
        Err("a profile needs a name".into())
    } else {
        Ok(name)
    }
}

impl Profiles {
    pub fn get(&self, id: &str) -> Option<&Profile> {
        self.list.iter().find(|p| p.id == id)
    }

    pub fn get_mut(&mut self, id: &str) -> Option<&mut Profile> {
        self.list.iter_mut().find(|p| p.id == id)
    }

    /// A new profile with 0 points; names must be unique (ignoring case).
    pub fn create(&mut self, name: &str, colour: [u8; 3], date: &str) -> Result<ProfileId, String> {
        let name = clean_name(name)?;
        self.check_unique(&name, None)?;
        self.next = self.next.max(1);
        let id = format!("p{}", self.next);
        self.next += 1;
        self.list.push(Profile::new(id.clone(), name, colour, date));
        Ok(id)
    }

    fn check_unique(&self, name: &str, except: Option<&str>) -> Result<(), String> {
        let taken = self
            .list
            .iter()
            .any(|p| Some(p.id.as_str()) != except && p.name.to_lowercase() == name.to_lowercase());
        if taken {
            Err(format!("there is already a profile called {name}"))
        } else {
            Ok(())
        }
    }

    pub fn rename(&mut self, id: &str, name: &str) -> Result<(), String> {
        let name = clean_name(name)?;
        self.check_unique(&name, Some(id))?;
        let p = self.get_mut(id).ok_or("no such profile")?;
        p.name = name;
        Ok(())
    }

    pub fn recolour(&mut self, id: &str, colour: [u8; 3]) -> Result<(), String> {
        self.get_mut(id).ok_or("no such profile")?.colour = colour;
        Ok(())
    }

    /// Removes a profile; its games stay in the history under its name.
    pub fn delete(&mut self, id: &str) -> Result<Profile, String> {
        let i = self
            .list
            .iter()
            .position(|p| p.id == id)
            .ok_or("no such profile")?;
        Ok(self.list.remove(i))
    }
}
