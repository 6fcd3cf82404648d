import type { ApiResult } from '@/contract/envelope'
import type { Credentials } from '@/contract/orders'
import type { Rental, RentalComplaintRequest, RentalPayable, RentalRequest, RentalsQuery } from '@/contract/rentals'
import { get, post } from './request'

/** 租号: hire a listing (then pay its order), a rental as its renter or owner reads it, and what each may do. */
export const rentGoods = (body: RentalRequest) => post<ApiResult<RentalPayable>>('/need/rental', body)

export const fetchRental = (id: number) => get<ApiResult<Rental>>(`/need/rental/${id}`)

export const fetchRentals = (role: NonNullable<RentalsQuery['role']>) =>
  get<ApiResult<Rental[]>>('/need/rentals', { role })

export const rentalCredentials = (id: number) => get<ApiResult<Credentials>>(`/need/rental/${id}/credentials`)

export const renewRental = (id: number, hours: number) =>
  post<ApiResult<RentalPayable>>(`/need/rental/${id}/renew`, { hours })

export const rentalStep = (id: number, step: 'cancel' | 'return' | 'confirm-return') =>
  post<ApiResult<Rental>>(`/need/rental/${id}/${step}`, {})

export const complainRental = (id: number, body: RentalComplaintRequest) =>
  post<ApiResult<Rental>>(`/need/rental/${id}/complain`, body)
