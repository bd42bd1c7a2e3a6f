// SPDX-License-Identifier: MIT
// The dev chain's "USDT" (issue 23 part 5): OpenZeppelin's ERC-20 with Tether's 6 decimals, minting `amount` to each
// holder at deployment. For the local development chain and the tests only.
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract TestUsdt is ERC20 {
    constructor(address[] memory holders, uint256 amount) ERC20("Tether USD (dev chain)", "USDT") {
        for (uint256 i = 0; i < holders.length; i++) {
            _mint(holders[i], amount);
        }
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }
}
