"""The battle's damage (清算) step (505, 507): battle damage to the life zone, or between the
attacker and the characters it battles; the destruction it causes; 【战斗胜利时】.

Battle damage adds to the damage taken earlier in the turn (607.p2).  The attacker deals its attack
to every character it battles at once and takes the sum of theirs (507.p4); 远程 takes none of it
when attacking (900.远程, 507.p5), 坚韧 none when it declared defence (900.坚韧).  Characters with
先制 deal theirs first, together; one without 先制 that this destroys deals none (900.先制, 507.p6,
607.p4).  The 【…破坏时】 and 【…胜利时】 timings come once battle damage is settled (803.p5, 804.p4):
a character that destroyed one it battled and was not destroyed reaches 【战斗胜利时】 — the attacker
once, however many it destroyed (507.p4) — and when both or neither are destroyed there is none
(804.p5).
"""

from __future__ import annotations

from collections.abc import Iterable

from judge.games.zd import effects, life, timings
from judge.games.zd.outcome import BattleRecord
from judge.games.zd.state import KEYWORDS, Battle, ZdCard, ZdState
from judge.games.zd.values import LONE, bonus, counted, lone, true_value
from judge.players import Player
from judge.replay import Replay
from judge.state import Card

Run = Replay[ZdState]


def settle(replay: Run, battle: Battle, record: BattleRecord) -> None:
    """The damage step of ``battle``, whose characters are all still on the field."""
    attacker = replay.state.character(battle.attacker)
    found = [replay.state.character(name) for name in battle.opponents()]
    opponents = [card for card in found if card is not None]
    assert attacker is not None and len(opponents) == len(found)  # the battle stopped if one had left
    if opponents:
        _Fight(replay, battle, attacker, opponents, record).run()
    else:
        _direct(replay, attacker, record)


def _direct(replay: Run, attacker: ZdCard, record: BattleRecord) -> None:
    attack = counted(replay, attacker, "attack")
    defending = (replay.state.turn_player or Player.A).other
    if attack <= 0:
        replay.step(
            f"清算步骤：「{attacker.name}」的攻击力为 0 以下：不会造成战斗伤害，即便直接攻击生命区成功，也无法对生命区造成战斗伤害。",
            "505.p2",
            "308.p3",
            decisive=True,
            attack=true_value(replay, attacker, "attack"),
        )
        return
    points = 1 + (1 if attacker.has("会心一击") else 0)
    left = replay.state.side(defending).life.total
    replay.step(
        f"清算步骤：直接攻击生命区成功，对防御方玩家 {defending} 的生命区造成 1 点战斗伤害。",
        "505.p1",
        decisive=left != 0,  # an empty life zone hit decides by 101.p1 alone
        points=1,
    )
    if points > 1:
        replay.step(
            f"「{attacker.name}」带有会心一击：直接攻击生命区成功时，额外多造成 1 点战斗伤害（共 {points} 点）。",
            "900.会心一击",
            decisive=left is None or left > 1,  # one card left or none: the extra point changes nothing
        )
    record.life_damage = points
    life.life_damage(replay, defending, points, battle=True)


def listed(names: Iterable[str]) -> str:
    """Cards named as the steps name them: 「乔巴」、「娜美」."""
    return "、".join(f"「{name}」" for name in names)


class _Fight:
    """One attacker against the characters it battles: who deals what to whom, and in which order."""

    def __init__(
        self, replay: Run, battle: Battle, attacker: ZdCard, opponents: list[ZdCard], record: BattleRecord
    ):
        self.replay, self.battle, self.attacker, self.opponents = replay, battle, attacker, opponents
        self.record = record
        self.several = len(opponents) > 1
        self.fighters = [attacker, *opponents]
        self.defence = {card.name: true_value(replay, card, "defence") for card in self.fighters}
        self.taken = {card.name: 0 for card in self.fighters}
        self.struck: dict[str, int] = {}  # the battle damage each opponent dealt the attacker
        self.ranged_said = False

    def lethal(self, card: ZdCard) -> bool:
        """Lethal damage (607.p3): destroyed at once (607.p4), so it deals and takes no more."""
        return card.damage >= self.defence[card.name]

    def run(self) -> None:
        replay = self.replay
        for card in self.fighters:
            void = [keyword for keyword in KEYWORDS if card.negated and Card.has(card, keyword)]
            if void:
                replay.not_applied(
                    f"「{card.name}」的效果被无效：它失去所有的效果，其{'、'.join(void)}不生效。",
                    "708.p1",
                    "708.p2",
                )
                replay.log.mark_decisive("708.p1")
        for card in self.fighters:
            if not card.has("独行客"):
                continue
            if lone(replay.state, card):
                replay.step(
                    f"「{card.name}」带有独行客，我方战斗区中只有此角色牌：（攻）+{LONE}（防）+{LONE}。",
                    "900.独行客",
                    decisive=True,
                )
            else:
                replay.not_applied(
                    f"「{card.name}」带有独行客，但我方战斗区中还有其他角色牌：独行客不生效。",
                    "900.独行客",
                )
        for card in self.opponents:
            if card.has("坚韧") and not self.battle.declared(card.name):
                replay.not_applied(
                    f"「{card.name}」带有坚韧，但它是被攻击而防御成立：仍然会照常受到战斗伤害。", "900.坚韧"
                )
            if card.has("远程"):
                replay.not_applied(
                    f"「{card.name}」带有远程，但它是在防御而非攻击：远程只在攻击战斗时不受战斗伤害，它仍然会照常受到战斗伤害。",
                    "900.远程",
                )
        first = [card for card in self.fighters if card.has("先制")]
        if first and len(first) < len(self.fighters):
            self._first_strike(first)
        else:
            if len(first) > 1:
                everyone = "双方都" if not self.several else "参与战斗的角色牌都"
                replay.step(f"{everyone}带有先制：同时造成战斗伤害。", "900.先制")
            self._exchange(self.fighters)
        if len(self.struck) > 1:
            names = listed(self.struck)
            parts = " + ".join(str(amount) for amount in self.struck.values())
            replay.step(
                f"「{self.attacker.name}」受到的战斗伤害等同于{names}的攻击力数值合计：{parts} = {sum(self.struck.values())}。",
                "507.p4",
            )
        down = [card for card in self.fighters if self.lethal(card)]
        for card in self.fighters:
            if card not in down:
                replay.step(
                    f"「{card.name}」本回合受到的伤害 {card.damage} 小于其防御力 {self.defence[card.name]}：没有被破坏。",
                    "607.p3",
                    decisive=True,
                    damage=card.damage,
                )
        for card in down:
            self._destroyed(card)
        self._victory(down)

    def _first_strike(self, first: list[ZdCard]) -> None:
        """900.先制, 507.p6: 先制 strikes before everything without it; what it destroys strikes no more."""
        replay = self.replay
        if self.several:
            replay.step(
                f"{listed(card.name for card in first)}带有先制：优先于其他所有不带有先制的角色牌造成战斗伤害。",
                "900.先制",
                "507.p6",
            )
        else:
            replay.step(f"「{first[0].name}」带有先制：在战斗中优先造成战斗伤害。", "900.先制", "507.p6")
        self._exchange(first)
        rest = [card for card in self.fighters if card not in first]
        for card in rest:
            if self.lethal(card):
                replay.step(
                    f"「{card.name}」受到先制的战斗伤害后，伤害已达到其防御力 {self.defence[card.name]}：它被战斗破坏，无法再造成战斗伤害。",
                    "900.先制",
                    "607.p4",
                    *(("507.p6",) if self.several else ()),
                    decisive=True,
                )
        self._exchange([card for card in rest if not self.lethal(card)])

    def _exchange(self, strikers: list[ZdCard]) -> None:
        """``strikers`` deal battle damage at once: the attacker to every opponent still in the battle,
        each opponent to the attacker (507.p4)."""
        attacker_down = self.lethal(self.attacker)
        if self.attacker in strikers:
            self._deal(self.attacker, [card for card in self.opponents if not self.lethal(card)])
        hitters = [card for card in strikers if card is not self.attacker]
        if not hitters:
            return
        if attacker_down:
            self.replay.step(
                f"「{self.attacker.name}」已被战斗破坏：{listed(card.name for card in hitters)}无法再对其造成战斗伤害。",
                "607.p4",
            )
        elif self.attacker.has("远程"):
            self._ranged(hitters)
        else:
            for card in hitters:
                dealt = self._deal(card, [self.attacker])
                if dealt:
                    self.struck[card.name] = dealt

    def _ranged(self, hitters: list[ZdCard]) -> None:
        """900.远程: the attacker takes none of it; against several, none from any of them (507.p5),
        said once for the battle."""
        if not self.several:
            self.replay.step(
                f"「{self.attacker.name}」带有远程：在攻击战斗时不会受到由与其战斗的「{hitters[0].name}」所造成的战斗伤害。",
                "900.远程",
                decisive=True,
            )
        elif not self.ranged_said:
            self.replay.step(
                f"「{self.attacker.name}」带有远程：在这场战斗中不会受到所有来自防御角色牌的战斗伤害。",
                "900.远程",
                "507.p5",
                decisive=True,
            )
        self.ranged_said = True

    def _deal(self, source: ZdCard, targets: list[ZdCard]) -> int:
        """``source`` deals battle damage equal to its attack to each of ``targets`` at once (308.p1,
        507.p4); what it dealt each."""
        replay = self.replay
        hit = []
        for target in targets:
            if target.has("坚韧") and self.battle.declared(target.name):
                replay.step(
                    f"「{target.name}」带有坚韧：进行防御时不会受到由与其战斗的角色牌所造成的战斗伤害。",
                    "900.坚韧",
                    decisive=True,
                )
            else:
                hit.append(target)
        if not hit:
            return 0
        attack = counted(replay, source, "attack")
        if attack <= 0:
            replay.step(
                f"「{source.name}」的攻击力为 0 以下：不会造成战斗伤害。", "505.p2", "308.p2", decisive=True
            )
            return 0
        at_once = ("507.p4",) if self.several else ()
        for target in hit:
            prior = target.damage - self.taken[target.name]  # taken earlier in the turn, not in this battle
            dealt = effects.prevented(replay, target, attack)
            target.damage += dealt
            self.taken[target.name] += dealt
            kept = f"（被防止后受到 {dealt} 点）" if dealt < attack else ""
            earlier = f"（本回合此前已受到 {prior} 点伤害，累计 {target.damage}）" if prior else ""
            replay.step(
                f"「{source.name}」对「{target.name}」造成等同于自身攻击力数值的战斗伤害 {attack}{kept}{earlier}。",
                "308.p1",
                *at_once,
                *(("607.p2",) if prior else ()),
                source=source.name,
                target=target.name,
                amount=dealt,
            )
        replay.log.mark_decisive(*at_once)
        if source.equipment is not None and source.equipment.attack_bonus:
            without = max(0, true_value(replay, source, "attack") - bonus(replay.state, source, "attack"))
            replay.step(
                f"「{source.name}」的攻击力包括其装备的「{source.equipment.name}」的攻击加成。",
                "310.p1",
                "319.p4",
                # it decides where the damage without it would have fallen short of lethal
                decisive=any(t.damage >= self.defence[t.name] > t.damage - attack + without for t in hit),
            )
        return attack

    def _destroyed(self, card: ZdCard) -> None:
        replay = self.replay
        player = replay.state.turn_player or Player.A
        mine = card is self.attacker
        defence, taken = self.defence[card.name], self.taken[card.name]
        earlier = card.damage - taken
        sum_text = f"此前的 {earlier} + 本次的 {taken} = {card.damage}" if earlier else f"{card.damage}"
        effects.destroy(
            replay,
            card,
            "battle",
            f"清算步骤：「{card.name}」本回合受到的伤害 {sum_text}，大于或等于其防御力 {defence}：因战斗受到致命伤害，"
            "被破坏（战斗破坏）并直接送入休息区。",
            "607.p3",
            "505.p3",
            "605.p3",
            *(("607.p2",) if earlier else ()),
        )
        replay.log.mark_decisive("607.p3", "505.p3")
        if earlier and taken < defence:  # the damage taken earlier in the turn made it lethal
            replay.log.mark_decisive("607.p2")
        self.record.destroyed.append(card.name)
        if earlier and taken <= defence:
            replay.log.conflict(
                f"「{card.name}」本次受到的战斗伤害 {taken} 没有超过其防御力 {defence}，是累计的伤害达到了防御力。"
                "605.p3 称之为战斗破坏，505.p3 说此时【战斗破坏时】等效果触发；803.p1 却说【战斗破坏时】在受到了"
                "“超过自身防御力的战斗伤害”而被破坏时触发。按 605.p3、505.p3 处理。",
                "605.p3",
                "505.p3",
                "803.p1",
            )
        timings.timing(
            replay,
            ("battle_destroyed", "attack_destroyed" if mine else "defence_destroyed"),
            card.name,
            player if mine else player.other,
            (
                f"战斗伤害清算完毕：「{card.name}」被战斗破坏，触发【战斗破坏时】、【{'攻击' if mine else '防御'}破坏时】的效果。",
                None,
            ),
            "803.p5",
            "803.p2",
        )

    def _victory(self, down: list[ZdCard]) -> None:
        """804, 507.p4: who reaches 【战斗胜利时】 once battle damage is settled."""
        attacker = self.attacker
        beaten = [card for card in self.opponents if card in down]
        if attacker not in down:
            winners = [attacker] if beaten else []
        else:
            winners = [card for card in self.opponents if card not in down and card.name in self.struck]
        for card in self.fighters:
            if card not in winners:
                self._no_victory(card, down)
        if len(winners) > 1:
            self.replay.log.silent(
                f"「{attacker.name}」受到{listed(card.name for card in winners)}合计的战斗伤害而被破坏：规则书没有说明其中哪一张“通过战斗伤害破坏”了它；"
                "按每张对其造成了战斗伤害且自身未被破坏的防御角色牌都出现【战斗胜利时】的时机处理。",
                "804.p1",
                "507.p4",
            )
        for card in winners:
            self._won(card, [attacker] if card is not attacker else beaten)

    def _no_victory(self, card: ZdCard, down: list[ZdCard]) -> None:
        own = "attack_won" if card is self.attacker else "defence_won"
        if len(down) in (0, len(self.fighters)):
            both = "双方均被破坏" if down else "双方均未被破坏"
            text, cite = f"{both}：不会出现【战斗胜利时】的时机，「{card.name}」的效果不会触发。", "804.p5"
        elif card in down:
            text, cite = f"「{card.name}」自身被破坏：它的【战斗胜利时】不会触发。", "804.p1"
        else:
            text, cite = (
                f"「{card.name}」没有通过战斗伤害破坏对方的角色牌：它的【战斗胜利时】不会触发。",
                "804.p1",
            )
        for event in ("battle_won", own):
            self.replay.unfired(event, text, cite, card=card.name)
        if card is self.attacker and card.has("贯通"):
            self.replay.not_applied(
                f"{text}贯通是【攻击胜利时】的效果，也不会对对方生命区造成伤害。",
                "900.贯通",
                cite,
                card=card.name,
            )

    def _won(self, winner: ZdCard, beaten: list[ZdCard]) -> None:
        replay = self.replay
        player = replay.state.turn_player or Player.A
        mine = winner is self.attacker
        self.record.won.append(winner.name)
        events = ("battle_won", "attack_won" if mine else "defence_won")
        timing = f"【战斗胜利时】、【{'攻击' if mine else '防御'}胜利时】的时机"
        if mine and self.several:
            once = len(beaten) > 1
            won = (
                f"「{winner.name}」破坏了至少一张防御角色牌（{listed(card.name for card in beaten)}）且自身没有被破坏：战斗伤害清算完毕之后出现"
                f"{timing}{'，无论破坏了几张都只有一次' if once else ''}。"
            )
            cites: tuple[str, ...] = ("804.p1", "804.p4", "507.p4")
            if once and timings.waits(replay, events, winner.name, player):
                replay.log.mark_decisive("507.p4")
        else:
            won = f"「{winner.name}」通过战斗伤害破坏了{listed(card.name for card in beaten)}且自身未被破坏：战斗伤害清算完毕之后出现{timing}。"
            cites = ("804.p1", "804.p4")
        timings.timing(replay, events, winner.name, player if mine else player.other, (won, won), *cites)
        if mine and winner.has("贯通"):
            replay.step(
                f"「{winner.name}」的贯通（【攻击胜利时】）：对对方生命区造成 1 点伤害。",
                "900.贯通",
                decisive=replay.state.side(player.other).life.total != 0,  # an empty one: 贯通 cannot win
            )
            life.life_damage(replay, player.other, 1, battle=False, pierce=True)
